// Answers written into shared slabs (decisions 201, 226): the same bytes as Buffer.concat of
// their parts, answers never overlapping (even when one outgrows its slab or fails half way), and
// what is kept past its request copied out of the slab.
import { describe, expect, it } from 'vitest';
import { ownBytes, written } from './byte-slab';

/** Bytes and texts, written as one answer. */
function write(parts: readonly (Buffer | string)[]): Buffer {
  return written((out) => {
    for (const part of parts) {
      if (typeof part === 'string') out.text(part);
      else out.bytes(part);
    }
  });
}

function expected(parts: readonly (Buffer | string)[]): Buffer {
  return Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
}

/**
 * Moves on to a new slab: the slab is shared by the whole process, and the test files before this
 * one in the worker (isolate: false) leave it anywhere. Answers of an eighth of a slab (the
 * largest a slab takes) until one lands in another; then most of a slab is free.
 */
function startNewSlab(): void {
  const eighth = Buffer.alloc(128 * 1024);
  const first = write([eighth]);
  for (let i = 0; i < 9; i += 1) if (write([eighth]).buffer !== first.buffer) return;
  throw new Error('no new slab after a slab of answers');
}

// Slabs are compared with `===`, never with toBe: a failed toBe of two 1 MiB buffers makes the
// test runner diff two million-line listings, which spun a CI worker for an hour (stop 47).
const sameSlab = (a: Buffer | undefined, b: Buffer | undefined) =>
  a !== undefined && b !== undefined && a.buffer === b.buffer;

describe('byte slabs', () => {
  it('writes parts as Buffer.concat joins them, answers side by side in one slab', () => {
    startNewSlab();
    const answers: { out: Buffer; parts: (Buffer | string)[] }[] = [];
    for (let i = 0; i < 400; i += 1) {
      const parts = Array.from({ length: 1 + (i % 9) }, (_, k) =>
        k % 2 === 0
          ? Buffer.from(`${'x'.repeat((i * 37 + k * 101) % 3000)}陳${String(i)}`)
          : `"${'é'.repeat(k)}\ud800 中環 ${String(i * k)}"`,
      );
      answers.push({ out: write(parts), parts });
    }
    // Written later answers never overwrite earlier ones, across slabs too (~6 MB in all).
    for (const { out, parts } of answers) expect(out.equals(expected(parts))).toBe(true);
    const [first, second] = answers;
    expect(sameSlab(first?.out, second?.out), 'the first two answers share a slab').toBe(true);
    expect(new Set(answers.map(({ out }) => out.buffer)).size).toBeGreaterThan(1);
  });

  it('gives an answer larger than an eighth of a slab a buffer of its own, exactly its size', () => {
    startNewSlab();
    const before = write(['before']);
    const parts = Array.from({ length: 70 }, (_, k) => Buffer.alloc(8 * 1024, k));
    const large = write(parts);
    expect(large.equals(expected(parts))).toBe(true);
    expect(large.buffer.byteLength).toBe(large.length);
    // The slab goes on after the answer that was there before.
    const after = write(['after']);
    expect(sameSlab(after, before), 'the answer after shares the slab of the one before').toBe(
      true,
    );
    expect(before.toString()).toBe('before');
    expect(after.toString()).toBe('after');
  });

  it('starts over after an answer that failed or was nested, overwriting nothing handed out', () => {
    const kept = write(['kept']);
    expect(() =>
      written((out) => {
        out.text('half');
        throw new Error('failed');
      }),
    ).toThrow('failed');
    expect(() => written(() => write(['inner']))).toThrow(/being written/);
    expect(write(['next']).toString()).toBe('next');
    expect(kept.toString()).toBe('kept');
  });

  it('copies what is kept out of its slab, and only then', () => {
    const view = write(['{"results":[]}']);
    expect(view.buffer.byteLength).toBeGreaterThan(view.length);
    const own = ownBytes(view);
    expect(own.equals(view)).toBe(true);
    expect(own.buffer.byteLength).toBe(own.length);
    const whole = Buffer.alloc(20_000, 1);
    expect(ownBytes(whole)).toBe(whole);
  });
});
