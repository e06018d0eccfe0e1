/**
 * The error-reporting SDK and the app's policy for it (error-reporting.ts): loaded only when the
 * server configured a DSN, in the SDK's chunk, so the scrubber and the sampling rules are not in
 * the start of a page that reports nothing.
 */
import {
  REPLAYS_ON_ERROR_SAMPLE_RATE,
  REPLAYS_SESSION_SAMPLE_RATE,
  createTracesSampler,
  errorTags,
  filterBreadcrumb,
  privateDataCollection,
} from '@clinicpass/shared/observability/reporting';
import { scrubValue } from '@clinicpass/shared/observability/scrub';
import {
  browserTracingIntegration,
  captureException,
  init,
  replayIntegration,
  withScope,
  type BrowserOptions,
} from '@sentry/react';

import type { RuntimeConfig } from '../config/runtime';

type Settings = NonNullable<RuntimeConfig['errorReporting']>;

/** The options given to the SDK. */
function sentryOptions(settings: Settings): BrowserOptions {
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
      browserTracingIntegration(),
      replayIntegration({
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

/** Starts the SDK with the app's options. */
export function startSdk(settings: Settings): void {
  init(sentryOptions(settings));
}

/** Sends a caught error with its tags (class and code). */
export function capture(error: unknown): void {
  withScope((scope) => {
    scope.setTags(errorTags(error));
    captureException(error);
  });
}
