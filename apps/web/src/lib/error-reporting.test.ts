import { ApiError } from '@clinicpass/shared/api-client/client';
import { describe, expect, it, vi } from 'vitest';

import { readRuntimeConfig } from '../config/runtime';

// The SDK stand-in records what the app asks of it; `loaded` tells whether it was imported.
const sdk = vi.hoisted(() => ({
  loaded: false,
  init: vi.fn(),
  captureException: vi.fn(),
  setTags: vi.fn(),
  replayOptions: undefined as Record<string, unknown> | undefined,
}));

vi.mock('@sentry/react', () => {
  sdk.loaded = true;
  return {
    init: sdk.init,
    captureException: sdk.captureException,
    withScope: (callback: (scope: { setTags: typeof sdk.setTags }) => void) => {
      callback({ setTags: sdk.setTags });
    },
    browserTracingIntegration: () => ({ name: 'BrowserTracing' }),
    replayIntegration: (options: Record<string, unknown>) => {
      sdk.replayOptions = options;
      return { name: 'Replay' };
    },
  };
});

const { reportError, shouldReport, startErrorReporting } = await import('./error-reporting');

const SETTINGS = {
  dsn: 'http://public@127.0.0.1:9/1',
  environment: 'test',
  release: 'clinicpass@test',
};

interface Options {
  dsn: string;
  tracesSampler: (context: { parentSampled?: boolean }) => boolean;
  replaysSessionSampleRate: number;
  replaysOnErrorSampleRate: number;
  beforeBreadcrumb: (crumb: Record<string, unknown>) => Record<string, unknown> | null;
  beforeSend: (event: Record<string, unknown>) => Record<string, unknown>;
  dataCollection: Record<string, unknown>;
}

function flushPromises() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

describe('error reporting in the web', () => {
  // Runs first: the module keeps its state for the file.
  it('without a DSN loads nothing and reports nothing', async () => {
    document.head.innerHTML = '';
    const config = readRuntimeConfig(document);
    expect(config).toEqual({ errorReporting: null, helpWidget: null });
    expect(startErrorReporting(config.errorReporting)).toBeUndefined();
    reportError(new Error('boom'));
    await flushPromises();
    expect(sdk.loaded).toBe(false);
  });

  it('reads the DSN the server put in the page', () => {
    document.head.innerHTML =
      '<meta name="clinicpass:sentry-dsn" content="http://public@127.0.0.1:9/1"><meta name="clinicpass:sentry-environment" content="test">';
    expect(readRuntimeConfig(document).errorReporting).toEqual({
      dsn: 'http://public@127.0.0.1:9/1',
      environment: 'test',
      release: 'clinicpass@dev',
    });
    document.head.innerHTML = '<meta name="clinicpass:sentry-dsn" content="javascript:alert(1)">';
    expect(readRuntimeConfig(document).errorReporting).toBeNull();
  });

  it('with a DSN starts the SDK with the spec rates, masked replays and the filters', async () => {
    await startErrorReporting(SETTINGS);
    expect(sdk.loaded).toBe(true);
    expect(sdk.init).toHaveBeenCalledTimes(1);
    const options = sdk.init.mock.calls[0]![0] as Options;
    expect(options.dsn).toBe(SETTINGS.dsn);
    expect(options.replaysSessionSampleRate).toBe(1);
    expect(options.replaysOnErrorSampleRate).toBe(1);
    expect(sdk.replayOptions).toMatchObject({
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
      networkDetailAllowUrls: [],
    });
    expect(options.dataCollection).toMatchObject({
      userInfo: false,
      cookies: false,
      httpBodies: [],
    });

    // Sampling: the random source decides a new trace at 10%.
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValue(0.05);
    expect(options.tracesSampler({})).toBe(true);
    random.mockReturnValue(0.1);
    expect(options.tracesSampler({})).toBe(false);
    random.mockReturnValue(0.73);
    expect(options.tracesSampler({})).toBe(false);

    // Breadcrumbs: info and debug dropped, others scrubbed.
    expect(options.beforeBreadcrumb({ level: 'info', message: 'x' })).toBeNull();
    expect(options.beforeBreadcrumb({ level: 'debug', message: 'x' })).toBeNull();
    expect(
      options.beforeBreadcrumb({ level: 'error', category: 'console', message: 'HKID A123456(3)' }),
    ).toEqual({ level: 'error', category: 'console', message: 'HKID [hkid]' });

    // Events: scrubbed.
    const event = options.beforeSend({
      message: 'sign-in failed for owner@example.com with code 123456',
      request: { url: 'http://localhost/en/outpatient/forgot-password?email=owner%40example.com' },
    });
    expect(JSON.stringify(event)).not.toMatch(/owner|123456/);

    // Replay frames: scrubbed too (a link to a policy's finder).
    const frame = (sdk.replayOptions!.beforeAddRecordingEvent as (e: unknown) => unknown)({
      type: 4,
      data: { href: 'http://localhost/en/outpatient/doctor-list/outpatient/OP1000001' },
    });
    expect(JSON.stringify(frame)).not.toContain('OP1000001');
  });

  it('reports unexpected errors and 5xx API errors with their code, not 4xx or operator modes', async () => {
    const crash = new ApiError({ status: 500, code: 'internal_error', message: 'x' });
    reportError(crash);
    await flushPromises();
    expect(sdk.captureException).toHaveBeenCalledWith(crash);
    expect(sdk.setTags).toHaveBeenCalledWith({
      error_class: 'api_error',
      error_code: 'internal_error',
      http_status: '500',
    });

    sdk.captureException.mockClear();
    reportError(new ApiError({ status: 400, code: 'CodeMismatchException', message: 'x' }));
    reportError(new ApiError({ status: 503, code: 'maintenance', message: 'x' }));
    reportError(new ApiError({ status: 0, code: 'network_error', message: 'x' }));
    await flushPromises();
    expect(sdk.captureException).not.toHaveBeenCalled();

    const bug = new TypeError('undefined is not a function');
    reportError(bug);
    await flushPromises();
    expect(sdk.captureException).toHaveBeenCalledWith(bug);
    expect(sdk.setTags).toHaveBeenLastCalledWith({
      error_class: 'unexpected_error',
      error_code: 'unexpected_error',
    });
    expect(shouldReport(new ApiError({ status: 502, code: 'bad_gateway', message: 'x' }))).toBe(
      true,
    );
  });
});
