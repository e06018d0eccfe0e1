/**
 * Error reporting (spec §8, §9) to the Sentry-compatible DSN the server configured. Without one
 * the SDK is never loaded (a lazy import, its own chunk). With one: 10% of transactions traced,
 * every session and every error session replayed with all text and inputs masked and media
 * blocked, info and debug breadcrumbs dropped, and every event, breadcrumb, span and replay
 * frame scrubbed of personal data (the shared scrubber) before it leaves.
 */
import { isApiError } from '@clinicpass/shared/api-client/client';
import {
  REPLAYS_ON_ERROR_SAMPLE_RATE,
  REPLAYS_SESSION_SAMPLE_RATE,
  createTracesSampler,
  errorTags,
  filterBreadcrumb,
  privateDataCollection,
} from '@clinicpass/shared/observability/reporting';
import { scrubValue } from '@clinicpass/shared/observability/scrub';
import type * as SentryReact from '@sentry/react';

import type { RuntimeConfig } from '../config/runtime';

type Sentry = typeof SentryReact;
type Settings = NonNullable<RuntimeConfig['errorReporting']>;

let loading: Promise<Sentry> | undefined;

/** The options given to the SDK; exported for the tests that check the policy. */
export function sentryOptions(sentry: Sentry, settings: Settings): SentryReact.BrowserOptions {
  return {
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    dataCollection: privateDataCollection(),
    tracesSampler: createTracesSampler(),
    replaysSessionSampleRate: REPLAYS_SESSION_SAMPLE_RATE,
    replaysOnErrorSampleRate: REPLAYS_ON_ERROR_SAMPLE_RATE,
    beforeBreadcrumb: (breadcrumb) => filterBreadcrumb(breadcrumb),
    beforeSend: (event) => scrubValue(event),
    beforeSendSpan: (span) => scrubValue(span),
    integrations: [
      sentry.browserTracingIntegration(),
      sentry.replayIntegration({
        // Health data (PDPO): a replay shows the page's shape, never its words or pictures.
        maskAllText: true,
        maskAllInputs: true,
        blockAllMedia: true,
        networkDetailAllowUrls: [],
        // The compression worker would be a blob: script, which the CSP refuses.
        useCompression: false,
        beforeAddRecordingEvent: (event) => scrubValue(event),
      }),
    ],
  };
}

/** Loads and starts the SDK once; `null` settings (no DSN) load nothing. */
export function startErrorReporting(settings: Settings | null): Promise<Sentry> | undefined {
  if (settings === null) return undefined;
  loading ??= import('@sentry/react').then((sentry) => {
    sentry.init(sentryOptions(sentry, settings));
    return sentry;
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
  void loading.then((sentry) => {
    sentry.withScope((scope) => {
      scope.setTags(errorTags(error));
      sentry.captureException(error);
    });
  });
}
