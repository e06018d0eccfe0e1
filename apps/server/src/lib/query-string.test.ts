import { parse } from 'fast-querystring';
import { describe, expect, it } from 'vitest';
import { parseQueryString, REMEMBERED_PAIR_CHARS } from './query-string';

/** What Fastify's default parser (find-my-way's) gives. */
function reference(input: string): Record<string, unknown> {
  return input.length === 0 ? {} : parse(input);
}

/** Equal entries in the same order, on the same kind of object (no prototype, or a plain one). */
function expectSame(input: string) {
  const expected = reference(input);
  const actual = parseQueryString(input);
  expect(Object.entries(actual), input).toEqual(Object.entries(expected));
  expect(Object.getPrototypeOf(Object.getPrototypeOf(actual)), input).toBe(
    Object.getPrototypeOf(Object.getPrototypeOf(expected)),
  );
}

const LONG_QUERY = encodeURIComponent(
  `query ServicePoints($panel: String!, $search: String) { servicePoints(panel: $panel, search: $search) { results { id name } ${'pagination { page total } '.repeat(12)}} }`,
);

describe('parseQueryString', () => {
  it('is long enough to test the remembered pairs', () => {
    expect(`query=${LONG_QUERY}`.length).toBeGreaterThan(REMEMBERED_PAIR_CHARS);
  });

  it.each([
    '',
    'a=1',
    'a',
    '=1',
    '&',
    '&&a=1&&',
    'a=1&a=2&a=3',
    'a+b=c+d&%41=%42',
    'a=%zz&b=%E4%B8%AD',
    'a==b&c=d=e',
    `query=${LONG_QUERY}`,
    `query=${LONG_QUERY}&variables=%7B%22panel%22%3A%22outpatient%22%7D`,
    `variables=%7B%7D&query=${LONG_QUERY}&operationName=ServicePoints`,
    `query=${LONG_QUERY}&query=short&query=${LONG_QUERY}`,
    `a=1&query=${LONG_QUERY}&a=2&a=3&query=x`,
    `a=1&a=2&${'b'.repeat(300)}&a=3`,
    `${'k'.repeat(300)}=1&${'k'.repeat(300)}=2`,
    `=${'v'.repeat(300)}&=1`,
    `__proto__=1&constructor=2&query=${LONG_QUERY}&__proto__=3`,
    `query=${LONG_QUERY.replace(/%20/g, '+')}&%zz=${'%'.repeat(300)}`,
    `${'&'.repeat(300)}a=1`,
    `a=${'x'.repeat(300)}&`,
  ])('gives what fast-querystring gives: %s', (input) => {
    expectSame(input);
    // Asked again, from what it remembered.
    expectSame(input);
  });

  it('agrees with fast-querystring on random query strings of short and long pairs', () => {
    let seed = 20261127;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pieces = ['a', 'b', 'query', '=', '+', '%41', '%E4%B8%AD', '%', '%zz', 'x', '&', '_'];
    const pairs = [`query=${LONG_QUERY}`, `${'v'.repeat(REMEMBERED_PAIR_CHARS)}=1`];
    for (let run = 0; run < 500; run += 1) {
      let input = '';
      const parts = Math.floor(random() * 12);
      for (let part = 0; part < parts; part += 1) {
        input +=
          random() < 0.2
            ? `&${pairs[Math.floor(random() * pairs.length)] ?? ''}&`
            : (pieces[Math.floor(random() * pieces.length)] ?? '');
      }
      expectSame(input);
    }
  });

  it('forgets what it remembered when full, and still answers the same', () => {
    for (let n = 0; n < 200; n += 1) {
      expectSame(`query=${LONG_QUERY}${n}&variables=${n}`);
    }
    expectSame(`query=${LONG_QUERY}0&variables=0`);
  });
});
