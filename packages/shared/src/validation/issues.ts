// From a zod issue to a field error of the validation catalogue: a key and the values its
// message names. The server adds them to every issue of a `validation_error` answer; a form
// either installs `validationErrorMap` (then each issue's message is an encoded field error,
// decoded with `decodeValidationMessage`) or sets encoded messages on its own checks.
import type { z } from 'zod';
import { isValidationKey, type ValidationMessage, type ValidationValues } from './messages';

/** What `describeIssue` reads of an issue: its code, message and the fields of that code. */
export interface IssueLike {
  readonly code?: string | undefined;
  readonly message?: string | undefined;
}
type Issue = IssueLike & Readonly<Record<string, unknown>>;

const SEPARATOR = '?';

/** `key` or `key?name=value&…`: a field error carried in a plain message string. */
export function encodeValidationMessage({ key, values }: ValidationMessage): string {
  if (values === undefined || Object.keys(values).length === 0) return key;
  return `${key}${SEPARATOR}${new URLSearchParams(
    Object.entries(values).map(([name, value]) => [name, String(value)]),
  ).toString()}`;
}

/** The field error in a message, or null when the message is not one. */
export function decodeValidationMessage(message: string | undefined): ValidationMessage | null {
  if (message === undefined) return null;
  const at = message.indexOf(SEPARATOR);
  const key = at === -1 ? message : message.slice(0, at);
  if (!isValidationKey(key)) return null;
  if (at === -1) return { key };
  const values: ValidationValues = {};
  for (const [name, value] of new URLSearchParams(message.slice(at + 1))) {
    values[name] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return { key, values };
}

function bound(value: unknown): number | string {
  if (typeof value === 'bigint') return value.toString();
  return typeof value === 'number' ? value : String(value);
}

function dateBound(value: unknown): string {
  return typeof value === 'number' ? new Date(value).toISOString().slice(0, 10) : String(value);
}

function tooSmall(issue: Issue): ValidationMessage {
  const minimum = bound(issue.minimum);
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (issue.exact === true) return { key: 'length_exact', values: { length: minimum } };
      if (minimum === 1) return { key: 'required' };
      return { key: 'length_min', values: { length: minimum } };
    case 'array':
    case 'set':
      return { key: 'array_min', values: { count: minimum } };
    case 'date':
      return { key: 'date_min', values: { min: dateBound(issue.minimum) } };
    default:
      if (minimum === 0 && !inclusive) return { key: 'number_positive' };
      return inclusive
        ? { key: 'number_min', values: { min: minimum } }
        : { key: 'number_more', values: { min: minimum } };
  }
}

function tooBig(issue: Issue): ValidationMessage {
  const maximum = bound(issue.maximum);
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (issue.exact === true) return { key: 'length_exact', values: { length: maximum } };
      return { key: 'length_max', values: { length: maximum } };
    case 'array':
    case 'set':
      return { key: 'array_max', values: { count: maximum } };
    case 'date':
      return { key: 'date_max', values: { max: dateBound(issue.maximum) } };
    default:
      if (maximum === 0 && !inclusive) return { key: 'number_negative' };
      return inclusive
        ? { key: 'number_max', values: { max: maximum } }
        : { key: 'number_less', values: { max: maximum } };
  }
}

const FORMAT_KEYS: Record<string, ValidationMessage['key']> = {
  email: 'email',
  url: 'url',
  lowercase: 'lowercase',
  uppercase: 'uppercase',
  date: 'date_invalid',
  datetime: 'date_invalid',
};

/** The catalogue's field error for a zod issue (a raw issue of an error map or a final one). */
export function describeIssue(like: IssueLike): ValidationMessage {
  const issue = like as Issue;
  const own = decodeValidationMessage(issue.message);
  if (own !== null) {
    const params = issue.params as ValidationValues | undefined;
    return params === undefined ? own : { key: own.key, values: { ...params, ...own.values } };
  }
  switch (issue.code ?? '') {
    case 'invalid_type': {
      const missing =
        ('input' in issue && issue.input === undefined) ||
        (!('input' in issue) && / received undefined$/.test(issue.message ?? ''));
      if (missing) return { key: 'required' };
      if (issue.expected === 'int') return { key: 'number_integer' };
      if (issue.expected === 'date') return { key: 'date_invalid' };
      return { key: 'invalid' };
    }
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return { key: FORMAT_KEYS[String(issue.format)] ?? 'format' };
    case 'not_multiple_of':
      return issue.divisor === 1 ? { key: 'number_integer' } : { key: 'invalid' };
    default:
      return { key: 'invalid' };
  }
}

/**
 * A zod error map whose messages are encoded field errors: `z.config({ customError:
 * validationErrorMap })` in a form's bundle, or `{ error: validationErrorMap }` on one parse.
 * Messages a schema sets itself are kept.
 */
export const validationErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (typeof issue.message === 'string' && decodeValidationMessage(issue.message) !== null) {
    return undefined;
  }
  return encodeValidationMessage(describeIssue(issue));
};
