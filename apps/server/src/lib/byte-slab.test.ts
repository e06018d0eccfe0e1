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

describe('byte slabs', () => {
  it('writes parts as Buffer.concat joins them, answers side by side in one slab', () => {
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
    expect(first?.out.buffer).toBe(second?.out.buffer);
    expect(new Set(answers.map(({ out }) => out.buffer)).size).toBeGreaterThan(1);
  });

  it('gives an answer larger than an eighth of a slab a buffer of its own, exactly its size', () => {
    const before = write(['before']);
    const parts = Array.from({ length: 70 }, (_, k) => Buffer.alloc(8 * 1024, k));
    const large = write(parts);
    expect(large.equals(expected(parts))).toBe(true);
    expect(large.buffer.byteLength).toBe(large.length);
    // The slab goes on after the answer that was there before.
    const after = write(['after']);
    expect(after.buffer).toBe(before.buffer);
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
