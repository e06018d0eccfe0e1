import { describe, expect, it } from 'vitest';

import {
  APPLICATION_CASE_STATUS_LABELS,
  BILLING_STATUS_LABELS,
  COUPON_STATUS_LABELS,
  COVERAGE_STATUS_LABELS,
  INVOICE_STATUS_LABELS,
  POLICY_STATUS_LABELS,
  SERVICE_REQUEST_STATUS_LABELS,
  statusLabel,
} from './status-labels';

describe('status labels', () => {
  it('name every status in both languages, no two statuses of a set alike', () => {
    for (const labels of [
      APPLICATION_CASE_STATUS_LABELS,
      BILLING_STATUS_LABELS,
      COUPON_STATUS_LABELS,
      COVERAGE_STATUS_LABELS,
      INVOICE_STATUS_LABELS,
      POLICY_STATUS_LABELS,
      SERVICE_REQUEST_STATUS_LABELS,
    ]) {
      const values: { en: string; 'zh-HK': string }[] = Object.values(labels);
      for (const { en, 'zh-HK': zh } of values) {
        expect(en.trim()).not.toBe('');
        expect(zh).toMatch(/[\u4e00-\u9fff]/);
      }
      expect(new Set(values.map(({ en }) => en)).size).toBe(values.length);
      expect(new Set(values.map((value) => value['zh-HK'])).size).toBe(values.length);
    }
  });

  it('reads a status in the language asked for', () => {
    expect(statusLabel(POLICY_STATUS_LABELS, 'in-force', 'en')).toBe('In force');
    expect(statusLabel(POLICY_STATUS_LABELS, 'in-force', 'zh-HK')).toBe('生效中');
  });
});
