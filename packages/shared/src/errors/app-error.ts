import type { Language } from '../i18n/languages';
import { statusOf } from './codes';
import type { ErrorCode } from './codes';
import type { ErrorBody } from './error-body';
import { errorMessage } from './messages';

export { ErrorBodySchema, type ErrorBody } from './error-body';

export interface AppErrorOptions {
  /** A precise message (English, naming the offending field); defaults to the catalogue's. */
  message?: string;
  details?: unknown;
  cause?: unknown;
  /** For a 429: when to try again, in seconds (the `Retry-After` header; default 60). */
  retryAfterSeconds?: number;
}

/**
 * An expected failure that services throw and the server's one error handler turns into
 * `{ code, message, details? }` with the code's status. Services know nothing of HTTP: the
 * status follows from the code.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;
  readonly retryAfterSeconds?: number;
  // A message written by the server about this very request is more useful than the catalogue's,
  // so it is kept in every language; without one, the body speaks the caller's language.
  private readonly hasExplicitMessage: boolean;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(
      options.message ?? errorMessage(code, 'en'),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.code = code;
    this.status = statusOf(code);
    if (options.details !== undefined) this.details = options.details;
    if (options.retryAfterSeconds !== undefined) {
      this.retryAfterSeconds = Math.max(1, Math.ceil(options.retryAfterSeconds));
    }
    this.hasExplicitMessage = options.message !== undefined;
  }

  /** The response body: the explicit message if one was given, else the catalogue's in `language`. */
  toBody(language: Language = 'en'): ErrorBody {
    const body: ErrorBody = {
      code: this.code,
      message: this.hasExplicitMessage ? this.message : errorMessage(this.code, language),
    };
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

/** Whether a thrown value is an `AppError`. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
