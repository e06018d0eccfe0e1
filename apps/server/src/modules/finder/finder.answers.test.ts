// The answer cache's admission (decision 131, review of 229): an answer is kept the second time
// its address is asked, the addresses asked once remembered as small-integer hashes, forgotten
// all at once past ASKED_ONCE_MAX.
import { paginationFor } from '@clinicpass/shared/api-client/pagination';
import { describe, expect, it } from 'vitest';
import { addressHash, ASKED_ONCE_MAX, createAnswerCache } from './finder.answers';

const PAGINATION = paginationFor(1, 20, 1);
const answer = (text: string) => ({ json: Buffer.from(text), pagination: PAGINATION });
const FAR = Number.MAX_SAFE_INTEGER;

describe('addressHash', () => {
  it('is a small integer (a Set holds it in its own table), the same for the same address', () => {
    const keys = ['', 'a', '/api/graphql?query=x&variables={"district_codes":["A"]}', '陳大文'];
    for (const key of keys) {
      const hash = addressHash(key);
      expect(Number.isInteger(hash)).toBe(true);
      expect(hash).toBeGreaterThanOrEqual(0);
      expect(hash).toBeLessThan(2 ** 30);
      expect(addressHash(key)).toBe(hash);
    }
  });

  it('spreads 100,000 near-identical addresses with few collisions', () => {
    const hashes = new Set<number>();
    for (let n = 0; n < 100_000; n += 1) hashes.add(addressHash(`/api/graphql?page=1&_=${n}`));
    // Expected collisions among 100,000 draws from 2^30: ~5.
    expect(hashes.size).toBeGreaterThan(99_950);
  });
});

describe('the answer cache', () => {
  it('keeps an answer the second time its address is asked, not the first', () => {
    const cache = createAnswerCache();
    cache.set('/one', answer('{"a":1}'), 1, FAR);
    expect(cache.get('/one', 1)).toBeUndefined();
    cache.set('/one', answer('{"a":1}'), 1, FAR);
    expect(cache.get('/one', 1)?.json.toString()).toBe('{"a":1}');
    // Another address is still asked for the first time.
    cache.set('/two', answer('{"b":2}'), 1, FAR);
    expect(cache.get('/two', 1)).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('forgets the addresses asked once when more than ASKED_ONCE_MAX were', () => {
    const cache = createAnswerCache();
    cache.set('/early', answer('{}'), 1, FAR);
    for (let n = 0; n < ASKED_ONCE_MAX; n += 1) cache.set(`/other/${n}`, answer('{}'), 1, FAR);
    // '/early' was forgotten with the rest: asked again, it counts as asked once.
    cache.set('/early', answer('{}'), 1, FAR);
    expect(cache.get('/early', 1)).toBeUndefined();
    cache.set('/early', answer('{}'), 1, FAR);
    expect(cache.get('/early', 1)).toBeDefined();
  });

  it('forgets the addresses asked once on clear()', () => {
    const cache = createAnswerCache();
    cache.set('/one', answer('{}'), 1, FAR);
    cache.clear();
    cache.set('/one', answer('{}'), 1, FAR);
    expect(cache.get('/one', 1)).toBeUndefined();
  });
});
