// The one way a `validation_error` answer is built (decision 100): every issue names the field
// (`path`, e.g. `body.policy_number`), says what is wrong in English for a developer (`message`)
// and carries the field error of the shared validation catalogue (`key`, `values`) for a client
// to show in its language. The details are typed, and a client reads them back with the schema.
import { z } from 'zod';
import { isValidationKey, type ValidationKey, type ValidationValues } from '../validation/messages';
import { AppError } from './app-error';

/** One field error of a `validation_error` answer. */
export interface ValidationIssue {
  /** Where: the request part and the field, dot-separated (`querystring.page`, `body.a.0.b`). */
  path: string;
  /** What is wrong, in English, for a developer. */
  message: string;
  /** The field error of the validation catalogue. */
  key: ValidationKey;
  values?: ValidationValues;
}

/** The `details` of a `validation_error` answer: its issues, and what the rule adds. */
export type ValidationErrorDetails = Readonly<Record<string, unknown>> & {
  issues: readonly ValidationIssue[];
};

export const ValidationIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
  key: z.string().refine(isValidationKey, { message: 'not a key of the validation catalogue' }),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** The details of a `validation_error` answer as a client reads them. */
export const ValidationErrorDetailsSchema = z.looseObject({
  issues: z.array(ValidationIssueSchema),
});

const PART_NAMES: Readonly<Record<string, string>> = { querystring: 'query parameter' };

/**
 * The message of an answer whose first issue is `issue`: `Invalid body policy_number: is too
 * long`, `Invalid query parameter page: …`, as the server's schema validation writes it.
 */
export function validationMessage(issue: Pick<ValidationIssue, 'path' | 'message'>): string {
  const at = issue.path.indexOf('.');
  const part = at === -1 ? issue.path : issue.path.slice(0, at);
  const field = at === -1 ? '' : ` ${issue.path.slice(at + 1)}`;
  return `Invalid ${PART_NAMES[part] ?? part}${field}: ${issue.message}`;
}

export interface ValidationErrorOptions {
  /** The answer's message; by default built from the first issue (`validationMessage`). */
  message?: string;
  /** What the rule adds to the details besides the issues (a question id, check codes). */
  extra?: Readonly<Record<string, unknown>>;
  cause?: unknown;
}

/** A 400 `validation_error` with its issues, each carrying its catalogue key. */
export function validationError(
  issues: readonly ValidationIssue[],
  options: ValidationErrorOptions = {},
): AppError {
  const details: ValidationErrorDetails = { ...options.extra, issues };
  const first = issues[0];
  return new AppError('validation_error', {
    message:
      options.message ?? (first === undefined ? 'Invalid request' : validationMessage(first)),
    details,
    ...(options.cause === undefined ? {} : { cause: options.cause }),
  });
}
