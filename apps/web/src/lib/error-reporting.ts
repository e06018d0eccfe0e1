/**
 * Error reporting (spec §8, §9) to the Sentry-compatible DSN the server configured. Without one
 * the SDK is never loaded (a lazy import, its own chunk). With one: 10% of transactions traced,
 * every session and every error session replayed with all text and inputs masked and media
 * blocked, info and debug breadcrumbs dropped, and every event, breadcrumb, span and replay
 * frame scrubbed of personal data (the shared scrubber) before it leaves. The SDK's options and
 * the scrubber are in error-reporting-sdk.ts, loaded with the SDK.
 */
import { isApiError } from '@clinicpass/shared/api-client/client';

import type { RuntimeConfig } from '../config/runtime';

import type * as ErrorReportingSdk from './error-reporting-sdk';

type Sdk = typeof ErrorReportingSdk;
type Settings = NonNullable<RuntimeConfig['errorReporting']>;

let loading: Promise<Sdk> | undefined;

/** Loads and starts the SDK once; `null` settings (no DSN) load nothing. */
export function startErrorReporting(settings: Settings | null): Promise<Sdk> | undefined {
  if (settings === null) return undefined;
  loading ??= import('./error-reporting-sdk').then((sdk) => {
    sdk.startSdk(settings);
    return sdk;
  });
  return loading;
}

/**
 * Whether an error is worth a report. The API answering as designed (a 4xx: wrong password,
 * expired voucher), an operator's mode (503 read-only / maintenance) and a lost connection are
 * not faults of the app; a 5xx answer and anything unexpected are.
 */
export function shouldReport(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.status === 0) return false;
  if (error.code === 'maintenance' || error.code === 'read_only_mode') return false;
  return error.status >= 500;
}

/** Reports a caught error with its tags (class and code) when reporting is on. */
export function reportError(error: unknown): void {
  if (loading === undefined || !shouldReport(error)) return;
  void loading.then((sdk) => {
    sdk.capture(error);
  });
}
