// The query-string parser of the app's router (issue 17, decision 218): fast-querystring's, the
// parser Fastify uses by default, with each long `name=value` pair decoded once and remembered.
// The finder screen asks its GraphQL query as GET: a ~1.5 KB percent-encoded `query=` pair that
// is the same on every search, beside short variables that change. Scanning and decoding that
// pair was 8 % of a search's server CPU; looked up by its raw text (the last one compared first),
// it is a string comparison.
// The result is what fast-querystring gives for the whole string: a pair's key and value depend
// on its own text only (its `+`, `%` and `=` flags are reset at every `&`), and pairs are merged
// in order as fast-querystring merges them (a repeated name becomes an array, in order).
import { parse } from 'fast-querystring';

/** Pairs at least this long are remembered (shorter ones are parsed each time: cheap). */
export const REMEMBERED_PAIR_CHARS = 256;
/** Pairs remembered at most; forgotten all at once when full (a few documents are asked). */
const REMEMBERED_PAIRS = 64;
/** Characters of remembered pairs at most (bounds the memory whatever is asked). */
const REMEMBERED_CHARS = 256 * 1024;

type Parsed = Record<string, string | string[]>;

/** A pair's key and value as fast-querystring decodes them; undefined: it adds nothing. */
type Pair = readonly [key: string, value: string] | undefined;

const remembered = new Map<string, Pair>();
let rememberedChars = 0;
/**
 * The pair looked up last. A new request's text is a new string, and a map look-up hashes all of
 * it first (~1.5 % of a search's CPU for the finder's query); comparing it with the last one
 * reads it once, and the screen asks the same query every time.
 */
let lastRaw = '';
let lastPair: Pair;

function pairOf(raw: string): Pair {
  if (raw === lastRaw) return lastPair;
  const pair = lookUp(raw);
  lastRaw = raw;
  lastPair = pair;
  return pair;
}

function lookUp(raw: string): Pair {
  const known = remembered.get(raw);
  if (known !== undefined || remembered.has(raw)) return known;
  const parsed = parse(raw) as Parsed;
  let pair: Pair;
  for (const key in parsed) {
    // One pair: one key, its value a string.
    pair = [key, parsed[key] as string];
  }
  if (remembered.size >= REMEMBERED_PAIRS || rememberedChars + raw.length > REMEMBERED_CHARS) {
    remembered.clear();
    rememberedChars = 0;
  }
  remembered.set(raw, pair);
  rememberedChars += raw.length;
  return pair;
}

/** Adds a name's value as fast-querystring does: a second value makes an array, in order. */
function add(result: Parsed, key: string, value: string | string[]) {
  const current = result[key];
  if (current === undefined) {
    result[key] = value;
    return;
  }
  const list = Array.isArray(current) ? current : (result[key] = [current]);
  if (Array.isArray(value)) list.push(...value);
  else list.push(value);
}

/** Parses a query string (without `?`) as Fastify's default parser does, long pairs remembered. */
export function parseQueryString(input: string): Parsed {
  // Fastify's default: an empty query string is a plain empty object.
  if (input.length === 0) return {};
  if (input.length < REMEMBERED_PAIR_CHARS) return parse(input) as Parsed;
  // The same kind of object fast-querystring returns (no prototype).
  const result = parse('') as Parsed;
  let shortFrom = -1;
  let start = 0;
  const flushShort = (end: number) => {
    if (shortFrom < 0) return;
    const parsed = parse(input.slice(shortFrom, end)) as Parsed;
    for (const key in parsed) add(result, key, parsed[key] as string | string[]);
    shortFrom = -1;
  };
  while (start <= input.length) {
    let end = input.indexOf('&', start);
    if (end < 0) end = input.length;
    if (end - start >= REMEMBERED_PAIR_CHARS) {
      // The short pairs before it first, in order.
      flushShort(start - 1);
      const pair = pairOf(input.slice(start, end));
      if (pair !== undefined) add(result, pair[0], pair[1]);
    } else if (shortFrom < 0) shortFrom = start;
    start = end + 1;
  }
  flushShort(input.length);
  return result;
}
