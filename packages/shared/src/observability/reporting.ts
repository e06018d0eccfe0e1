// The error-reporting policy shared by the web and the server (spec §8, §9): sampling rates,
// which breadcrumbs are kept, how the API's own errors are labelled. The SDKs (Sentry-compatible)
// are wired in each app; the decisions live here, once, free of any SDK type.
import { scrubValue } from './scrub';

/** Spec §9: 10% of transactions traced. */
export const TRACES_SAMPLE_RATE = 0.1;
/** Spec §9: 100% of sessions and of sessions with an error recorded (web replay). */
export const REPLAYS_SESSION_SAMPLE_RATE = 1;
export const REPLAYS_ON_ERROR_SAMPLE_RATE = 1;

/**
 * What the SDKs may collect on their own (their `dataCollection` option): no user details, no
 * cookies, headers or bodies, no local variables of stack frames, no GraphQL variables or query
 * data. Addresses and their query strings are collected, then scrubbed like everything else.
 */
export function privateDataCollection() {
  return {
    userInfo: false,
    cookies: false,
    httpHeaders: false,
    httpBodies: [] as never[],
    urlQueryParams: true,
    graphQL: { document: true, variables: false },
    genAI: { inputs: false, outputs: false },
    mcp: { inputs: false, outputs: false },
    databaseQueryData: false,
    stackFrameVariables: false,
  };
}

/** What the SDK tells a sampler about a new transaction (the part we use). */
export interface SamplingInput {
  parentSampled?: boolean | undefined;
}

/**
 * The transaction sampler: a trace continued from a sampled (or unsampled) parent keeps that
 * decision; a new one is traced when the random draw falls under 10%. `random` is injectable
 * so the decision can be tested.
 */
export function createTracesSampler(
  random: () => number = () => Math.random(),
): (input: SamplingInput) => boolean {
  return (input) => input.parentSampled ?? random() < TRACES_SAMPLE_RATE;
}

/** A breadcrumb as the SDKs shape it (the part we read). */
export interface BreadcrumbLike {
  level?: string | undefined;
}

/** Spec §8: error reporting ignores info and debug breadcrumbs; the others leave scrubbed. */
export function filterBreadcrumb<T extends BreadcrumbLike>(breadcrumb: T): T | null {
  if (breadcrumb.level === 'info' || breadcrumb.level === 'debug') return null;
  return scrubValue(breadcrumb);
}

/** Tags that label a reported error with the API's own code, so reports group by cause. */
export interface ErrorTags {
  error_class: 'api_error' | 'app_error' | 'unexpected_error';
  error_code: string;
  [tag: string]: string;
}

/**
 * The tags for an error: the API's error classes (the web's `ApiError`, the server's `AppError`)
 * report their code and status; anything else is an unexpected error.
 */
export function errorTags(error: unknown): ErrorTags {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { name, code, status } = error as { name?: unknown; code: unknown; status?: unknown };
    if (typeof code === 'string' && (name === 'ApiError' || name === 'AppError')) {
      const tags: ErrorTags = {
        error_class: name === 'ApiError' ? 'api_error' : 'app_error',
        error_code: code,
      };
      if (typeof status === 'number') tags.http_status = String(status);
      return tags;
    }
  }
  return { error_class: 'unexpected_error', error_code: 'unexpected_error' };
}
