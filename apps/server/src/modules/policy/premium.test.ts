// The premium projection rule (decision 061), one coupon type and limit at a time.
import { describe, expect, it } from 'vitest';
import { projectPremiums, type ProjectionInput } from './premium';

const BASE: ProjectionInput = {
  activationDate: '2026-01-01',
  today: '2026-03-01',
  dateOfBirth: '1990-06-01',
  frequency: 'annual',
  bands: [
    { minAge: 18, maxAge: 39, annualPremium: 3600 },
    { minAge: 40, maxAge: 60, annualPremium: 6000 },
  ],
  sumAssured: null,
  expiryDate: null,
  maxRenewalAge: null,
  coupons: [],
  longTerm: false,
  years: 1,
};

const coupon = (rewardType: 'MF' | 'AMT' | 'BTC' | 'PO' | 'BTCPP', rewardValue: number) => ({
  rewardType,
  rewardValue,
  rewardLength: 1,
  discountStartDate: '2025-12-01',
  discountEndDate: null,
});

describe('projectPremiums', () => {
  it('starts at the current policy year with the attained age on its start', () => {
    const [year] = projectPremiums(BASE);
    expect(year).toEqual({
      policy_year: 1,
      start_date: '2026-01-01',
      attained_age: 35,
      gross_premium: 3600,
      discount: 0,
      levy: 3.6,
      net_premium: 3603.6,
    });
  });

  it('moves to the next age band as the insured ages', () => {
    const years = projectPremiums({ ...BASE, years: 6 });
    expect(years.map((y) => [y.attained_age, y.gross_premium])).toEqual([
      [35, 3600],
      [36, 3600],
      [37, 3600],
      [38, 3600],
      [39, 3600],
      [40, 6000],
    ]);
  });

  it.each([
    ['MF', 1, 300],
    ['AMT', 200, 200],
    ['BTC', 250, 250],
    ['PO', 15, 540],
    ['BTCPP', 10, 360],
  ] as const)('takes %s %d off as %d', (type, value, off) => {
    const [year] = projectPremiums({ ...BASE, coupons: [coupon(type, value)] });
    expect(year?.discount).toBe(off);
    expect(year?.net_premium).toBe(3600 - off + Math.round((3600 - off) * 0.1) / 100);
  });

  it('makes an MF month free for a monthly payer: the whole instalment, month by month', () => {
    // 3,600 × 0.0875 = 315 a month: one month free is one instalment, not 3,600 / 12 = 300.
    const [one] = projectPremiums({ ...BASE, frequency: 'monthly', coupons: [coupon('MF', 1)] });
    expect(one).toMatchObject({ gross_premium: 3780, discount: 315 });
    // Two months free on each of two uses: four instalments.
    const [four] = projectPremiums({
      ...BASE,
      frequency: 'monthly',
      coupons: [{ ...coupon('MF', 2), rewardLength: 2 }],
    });
    expect(four).toMatchObject({ discount: 1260, net_premium: 2520 + 2.52 });
    // A quarterly payer: one month is a third of the quarter's instalment (3,600 × 0.26 = 936).
    const [quarter] = projectPremiums({
      ...BASE,
      frequency: 'quarterly',
      coupons: [coupon('MF', 1)],
    });
    expect(quarter?.discount).toBe(312);
    // More months than the year has: never more than the year's premium.
    const [all] = projectPremiums({ ...BASE, frequency: 'monthly', coupons: [coupon('MF', 20)] });
    expect(all).toMatchObject({ discount: 3780, levy: 0, net_premium: 0 });
  });

  it('never takes an instalment below zero, and levies nothing on nothing', () => {
    const [year] = projectPremiums({ ...BASE, coupons: [coupon('BTC', 5000)] });
    expect(year).toMatchObject({ discount: 3600, levy: 0, net_premium: 0 });
  });

  it('applies a coupon to at most reward_length instalments inside its window', () => {
    const [year] = projectPremiums({
      ...BASE,
      frequency: 'monthly',
      coupons: [{ ...coupon('PO', 50), rewardLength: 2 }],
    });
    // 3,600 × 0.0875 = 315 a month; half off two of them.
    expect(year).toMatchObject({ gross_premium: 3780, discount: 315 });
    const outside = projectPremiums({
      ...BASE,
      coupons: [{ ...coupon('AMT', 100), discountStartDate: '2026-02-01' }],
    });
    expect(outside[0]?.discount).toBe(0);
  });

  it.each([
    ['semi-annual', 3672],
    ['quarterly', 3744],
    ['monthly', 3780],
  ] as const)('loads %s payments by the frequency factor', (frequency, gross) => {
    expect(projectPremiums({ ...BASE, frequency })[0]?.gross_premium).toBe(gross);
  });

  it('prices per HK$1,000 of sum assured and caps the long-term levy at HK$100', () => {
    const [year] = projectPremiums({
      ...BASE,
      bands: [{ minAge: 18, maxAge: 60, annualPremium: 1.3 }],
      sumAssured: 100_000_000,
      longTerm: true,
    });
    expect(year).toMatchObject({ gross_premium: 130000, levy: 100 });
  });

  it('stops at the expiry date, past the renewal age and where no band covers the age', () => {
    expect(projectPremiums({ ...BASE, years: 5, expiryDate: '2027-06-30' })).toHaveLength(2);
    expect(projectPremiums({ ...BASE, years: 5, maxRenewalAge: 36 })).toHaveLength(2);
    expect(projectPremiums({ ...BASE, dateOfBirth: '2015-01-01' })).toEqual([]);
  });
});
