import { describe, expect, it } from 'vitest';
import {
  REPLAYS_ON_ERROR_SAMPLE_RATE,
  REPLAYS_SESSION_SAMPLE_RATE,
  TRACES_SAMPLE_RATE,
  createTracesSampler,
  errorTags,
  filterBreadcrumb,
} from './reporting';

describe('sampling (spec §9)', () => {
  it('traces 10% of transactions and records every session and error session', () => {
    expect(TRACES_SAMPLE_RATE).toBe(0.1);
    expect(REPLAYS_SESSION_SAMPLE_RATE).toBe(1);
    expect(REPLAYS_ON_ERROR_SAMPLE_RATE).toBe(1);
  });

  it('traces a new transaction when the draw is under 10%, not otherwise', () => {
    let draw = 0;
    const sampler = createTracesSampler(() => draw);
    for (const [value, sampled] of [
      [0, true],
      [0.0999, true],
      [0.1, false],
      [0.5, false],
      [0.9999, false],
    ] as const) {
      draw = value;
      expect(sampler({}), `draw ${value}`).toBe(sampled);
    }
  });

  it('keeps the parent decision of a continued trace without drawing', () => {
    const sampler = createTracesSampler(() => {
      throw new Error('no draw expected');
    });
    expect(sampler({ parentSampled: true })).toBe(true);
    expect(sampler({ parentSampled: false })).toBe(false);
  });

  it('samples about 10% over many draws of the real random source', () => {
    const sampler = createTracesSampler();
    let sampled = 0;
    for (let i = 0; i < 20_000; i += 1) if (sampler({})) sampled += 1;
    expect(sampled / 20_000).toBeGreaterThan(0.08);
    expect(sampled / 20_000).toBeLessThan(0.12);
  });
});

describe('breadcrumb filter (spec §8)', () => {
  it('drops info and debug breadcrumbs', () => {
    expect(filterBreadcrumb({ level: 'info', message: 'x' })).toBeNull();
    expect(filterBreadcrumb({ level: 'debug', message: 'x' })).toBeNull();
  });

  it('keeps warnings, errors and unlevelled ones, scrubbed', () => {
    expect(filterBreadcrumb({ level: 'error', message: 'no member A123456(3)' })).toEqual({
      level: 'error',
      message: 'no member [hkid]',
    });
    expect(filterBreadcrumb({ level: 'warning', data: { url: '/x?token=abc' } })).toEqual({
      level: 'warning',
      data: { url: '/x?token=[redacted]' },
    });
    expect(
      filterBreadcrumb({
        level: undefined,
        category: 'navigation',
        data: { to: '/en/outpatient' },
      }),
    ).toEqual({
      level: undefined,
      category: 'navigation',
      data: { to: '/en/outpatient' },
    });
  });
});

describe('errorTags', () => {
  it('labels an API error with its code and status', () => {
    const error = Object.assign(new Error('x'), {
      name: 'ApiError',
      code: 'voucher_expired',
      status: 409,
    });
    expect(errorTags(error)).toEqual({
      error_class: 'api_error',
      error_code: 'voucher_expired',
      http_status: '409',
    });
  });

  it('labels the server’s AppError with its code', () => {
    const error = Object.assign(new Error('x'), {
      name: 'AppError',
      code: 'internal_error',
      status: 500,
    });
    expect(errorTags(error)).toMatchObject({
      error_class: 'app_error',
      error_code: 'internal_error',
    });
  });

  it('labels anything else an unexpected error', () => {
    expect(errorTags(new TypeError('boom'))).toEqual({
      error_class: 'unexpected_error',
      error_code: 'unexpected_error',
    });
    expect(errorTags('text')).toMatchObject({ error_class: 'unexpected_error' });
  });
});
