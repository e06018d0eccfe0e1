// Answers cut from shared slabs (decision 201): the same bytes as Buffer.concat, answers never
// overlapping, and what is kept past its request copied out of the slab.
import { describe, expect, it } from 'vitest';
import { joinParts, ownBytes } from './byte-slab';

describe('byte slabs', () => {
  it('joins parts as Buffer.concat does, answers side by side in one slab', () => {
    const answers: { joined: Buffer; expected: Buffer }[] = [];
    for (let i = 0; i < 200; i += 1) {
      const parts = Array.from({ length: 1 + (i % 9) }, (_, k) =>
        Buffer.from(`${'x'.repeat((i * 37 + k * 101) % 3000)}陳${String(i)}`),
      );
      answers.push({ joined: joinParts(parts), expected: Buffer.concat(parts) });
    }
    // Written later answers never overwrite earlier ones.
    for (const { joined, expected } of answers) expect(joined.equals(expected)).toBe(true);
    const [first, second] = answers;
    expect(first?.joined.buffer).toBe(second?.joined.buffer);
    // A large answer gets a buffer of its own.
    const large = joinParts([Buffer.alloc(512 * 1024, 1)]);
    expect(large.buffer.byteLength).toBe(large.length);
  });

  it('copies what is kept out of its slab, and only then', () => {
    const view = joinParts([Buffer.from('{"results":[]}')]);
    expect(view.buffer.byteLength).toBeGreaterThan(view.length);
    const own = ownBytes(view);
    expect(own.equals(view)).toBe(true);
    expect(own.buffer.byteLength).toBe(own.length);
    const whole = Buffer.alloc(20_000, 1);
    expect(ownBytes(whole)).toBe(whole);
  });
});
