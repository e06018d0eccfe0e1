// The finder screen's GraphQL arguments read without zod when they are plainly valid (issue 17,
// decision 226). `servicePoints`' arguments are validated by REST's ServicePointQuerySchema, as
// a query string (`asQueryString`): each list joined with commas and split again, each number
// written and read back. On the fast path that was a tenth of what a search allocated. Here the
// arguments GraphQL already typed are read as they are: the same result, for arguments that pass
// every rule of the schema, and `undefined` for anything else (a doubtful or bad value), which
// then goes through the schema for its result or its `validation_error`. A test holds the two to
// the same results on fixed edge cases and random arguments.
import { MAX_PAGE_SIZE, PAGE_SIZE } from '@clinicpass/shared/api-client/pagination';
import { ID_MAX } from '@clinicpass/shared/platform/entities/common';
import {
  MAX_PAGE,
  MAX_SEARCH_LENGTH,
  type ServicePointQuery,
} from '@clinicpass/shared/schemas/finder';

// The schema's rules (packages/shared/src/schemas/finder.ts), for values that need no trimming.
const POLICY_NUMBER = /^[A-Za-z0-9-]{0,40}$/;
const DISTRICT_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;
const DIGITS = /^\d{1,15}$/;
const PRICE_RANGE = /^(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)$/;

/** A sign that the fast path does not decide: the schema must. */
const UNDECIDED = Symbol('undecided');
type Read<Value> = Value | typeof UNDECIDED;

/** A list of strings that each match `rule` as they are (no comma, no space), deduplicated. */
function stringList(value: unknown, rule: RegExp): Read<string[] | undefined> {
  if (!Array.isArray(value)) return UNDECIDED;
  if (value.length === 0) return undefined;
  for (const item of value) if (typeof item !== 'string' || !rule.test(item)) return UNDECIDED;
  return value.length === 1 ? [value[0] as string] : [...new Set(value as string[])];
}

/** Service ids: GraphQL IDs (strings or integers) of 1 to 15 digits, 1 to ID_MAX. */
function idList(value: unknown): Read<number[] | undefined> {
  if (!Array.isArray(value)) return UNDECIDED;
  if (value.length === 0) return undefined;
  const ids: number[] = [];
  for (const item of value) {
    let id: number;
    if (typeof item === 'string') {
      if (!DIGITS.test(item)) return UNDECIDED;
      id = Number(item);
    } else if (typeof item === 'number' && Number.isInteger(item)) id = item;
    else return UNDECIDED;
    if (id < 1 || id > ID_MAX) return UNDECIDED;
    ids.push(id);
  }
  return ids.length === 1 ? ids : [...new Set(ids)];
}

/** A whole number from 1 to `max`, or `fallback` when not given. */
function wholeNumber(value: unknown, max: number, fallback: number): Read<number> {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    return UNDECIDED;
  }
  return value;
}

function flag(value: unknown): Read<boolean> {
  if (value === undefined) return false;
  return typeof value === 'boolean' ? value : UNDECIDED;
}

/** What the schema reads from `servicePoints`' arguments (panel taken out), or undefined. */
export function fastServicePointQuery(
  args: Readonly<Record<string, unknown>>,
): ServicePointQuery | undefined {
  // As zod makes it: an optional key only when given (its value may be undefined).
  const query = {
    page: 1,
    page_size: PAGE_SIZE,
    no_pagination: false,
    expand_until_found: false,
    open_now: false,
    open_sunday: false,
  } as ServicePointQuery;
  for (const name in args) {
    const value = args[name];
    // A null argument is not given (`asQueryString` leaves it out).
    if (value === null || value === undefined) continue;
    switch (name) {
      case 'policy_number': {
        if (typeof value !== 'string' || !POLICY_NUMBER.test(value)) return undefined;
        query.policy_number = value === '' ? undefined : value;
        break;
      }
      case 'district_codes':
      case 'specialty_slug': {
        const list = stringList(value, name === 'district_codes' ? DISTRICT_CODE : SLUG);
        if (list === UNDECIDED) return undefined;
        query[name] = list;
        break;
      }
      case 'service_ids': {
        const ids = idList(value);
        if (ids === UNDECIDED) return undefined;
        query.service_ids = ids;
        break;
      }
      case 'search': {
        if (typeof value !== 'string' || value.length > MAX_SEARCH_LENGTH) return undefined;
        // A NUL is refused by the arguments' input guard (parseArguments), not here.
        if (value.includes('\u0000')) return undefined;
        const trimmed = value.trim();
        query.search = trimmed === '' ? undefined : trimmed;
        break;
      }
      case 'price_range': {
        if (typeof value !== 'string') return undefined;
        if (value === '') {
          query.price_range = undefined;
          break;
        }
        const match = PRICE_RANGE.exec(value);
        if (match === null) return undefined;
        const min = Number(match[1]);
        const max = Number(match[2]);
        if (min > max) return undefined;
        query.price_range = { min, max };
        break;
      }
      case 'page': {
        const page = wholeNumber(value, MAX_PAGE, 1);
        if (page === UNDECIDED) return undefined;
        query.page = page;
        break;
      }
      case 'page_size': {
        const size = wholeNumber(value, MAX_PAGE_SIZE, PAGE_SIZE);
        if (size === UNDECIDED) return undefined;
        query.page_size = size;
        break;
      }
      case 'no_pagination':
      case 'expand_until_found':
      case 'open_now':
      case 'open_sunday': {
        const on = flag(value);
        if (on === UNDECIDED) return undefined;
        query[name] = on;
        break;
      }
      default:
        return undefined;
    }
  }
  return query;
}
