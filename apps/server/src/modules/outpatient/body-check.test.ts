import { describe, expect, it } from 'vitest';
import {
  bodyCheckEffectiveDate,
  bodyCheckState,
  firstBodyCheckDate,
  policyYearEnd,
} from './body-check';

describe('first body check', () => {
  it.each([
    // 90 days is later than 3 months
    ['2026-01-31', '2026-05-01'],
    ['2026-02-01', '2026-05-02'],
    // 3 calendar months is later than 90 days (months of 31 days)
    ['2026-06-01', '2026-09-01'],
    ['2026-07-15', '2026-10-15'],
    // month-end clamping: 2026-11-30 + 3 months = 2027-02-28 = +90 days
    ['2026-11-30', '2027-02-28'],
    // leap year: 2027-11-30 + 3 months = 2028-02-29; + 90 days = 2028-02-28
    ['2027-11-30', '2028-02-29'],
  ])('after activation on %s is effective from %s', (activation, expected) => {
    expect(firstBodyCheckDate(activation)).toBe(expected);
  });
});

describe('next body check', () => {
  it('is 12 months after the previous check', () => {
    expect(bodyCheckEffectiveDate('2024-01-01', '2025-03-15')).toBe('2026-03-15');
    expect(bodyCheckEffectiveDate('2024-01-01', '2024-02-29')).toBe('2025-02-28');
  });

  it('is never before the first check date', () => {
    // A check recorded early (e.g. taken elsewhere) does not move the first date forward.
    expect(bodyCheckEffectiveDate('2026-01-31', '2024-01-01')).toBe('2026-05-01');
  });
});

describe('body check state', () => {
  const base = { activationDate: '2026-01-31', lastCheckDate: null, checksPerYear: 1 };

  it('is not effective the day before and effective on the effective date', () => {
    expect(bodyCheckState({ ...base, today: '2026-04-30' }).status).toBe('not_effective');
    expect(bodyCheckState({ ...base, today: '2026-05-01' }).status).toBe('effective');
  });

  it('is not covered when the plan has no body check', () => {
    expect(bodyCheckState({ ...base, checksPerYear: 0, today: '2027-01-01' })).toMatchObject({
      status: 'not_covered',
      effective_date: null,
    });
  });
});

describe('policy year end', () => {
  it('is the day before the next anniversary', () => {
    expect(policyYearEnd('2025-03-10', '2025-03-10')).toBe('2026-03-09');
    expect(policyYearEnd('2025-03-10', '2026-03-09')).toBe('2026-03-09');
    expect(policyYearEnd('2025-03-10', '2026-03-10')).toBe('2027-03-09');
  });
});
