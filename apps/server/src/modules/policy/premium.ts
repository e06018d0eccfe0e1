// Premium projection (issue 6, decision 061): for each of the next N policy years, the product's
// premium table by the insured life's attained-age band × the payment frequency's modal factor,
// minus the active coupons, plus the insurance levy. Pure: no database, no clock.
import { INSURANCE_LEVY } from '@clinicpass/shared/platform/constants';
import type { ProjectionYear } from '@clinicpass/shared/platform/entities/policy';
import type { CouponRewardType, PaymentFrequency } from '@clinicpass/shared/platform/enums';
import { addMonths, compareDates } from '@clinicpass/shared/time/clock';

/** Instalments a year and the share of the annual premium each one costs. */
export const FREQUENCY_FACTORS: Record<PaymentFrequency, { instalments: number; factor: number }> =
  {
    annual: { instalments: 1, factor: 1 },
    'semi-annual': { instalments: 2, factor: 0.51 },
    quarterly: { instalments: 4, factor: 0.26 },
    monthly: { instalments: 12, factor: 0.0875 },
  };

export interface PremiumBand {
  minAge: number;
  maxAge: number;
  annualPremium: number;
}

export interface ProjectionCoupon {
  rewardType: CouponRewardType;
  rewardValue: number;
  /** How many instalments it discounts. */
  rewardLength: number;
  discountStartDate: string;
  discountEndDate: string | null;
}

export interface ProjectionInput {
  /** The policy's activation date: anniversaries fall on it. */
  activationDate: string;
  /** The Hong Kong date the projection is made on. */
  today: string;
  dateOfBirth: string;
  frequency: PaymentFrequency;
  bands: readonly PremiumBand[];
  /** For products priced per HK$1,000 of sum assured. */
  sumAssured: number | null;
  /** The last day of cover (a term's end, a termination); no year starts after it. */
  expiryDate: string | null;
  /** The oldest age a policy may be renewed at. */
  maxRenewalAge: number | null;
  coupons: readonly ProjectionCoupon[];
  /** Long-term business (life) has the lower levy cap. */
  longTerm: boolean;
  years: number;
}

/** An amount rounded to cents. */
export const cents = (amount: number) => Math.round(amount * 100) / 100;

/** Whole years from `birth` to `on`. */
export function ageOn(birth: string, on: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The start of the policy year `today` falls in, and that year's number (from 1). */
export function currentPolicyYear(
  activationDate: string,
  today: string,
): { start: string; year: number } {
  let year = 1;
  let start = activationDate;
  while (compareDates(addMonths(activationDate, 12 * year), today) <= 0) {
    start = addMonths(activationDate, 12 * year);
    year += 1;
  }
  return { start, year };
}

/**
 * The discount of one coupon (not MF: see `monthsFree`) on one instalment of `modal`.
 */
function couponDiscount(coupon: ProjectionCoupon, modal: number): number {
  switch (coupon.rewardType) {
    case 'MF':
      return 0;
    case 'AMT':
    case 'BTC':
      return Math.min(modal, coupon.rewardValue);
    case 'PO':
    case 'BTCPP':
      return (modal * Math.min(coupon.rewardValue, 100)) / 100;
  }
}

export function projectPremiums(input: ProjectionInput): ProjectionYear[] {
  const { instalments, factor } = FREQUENCY_FACTORS[input.frequency];
  const monthsApart = 12 / instalments;
  const used = input.coupons.map(() => 0);
  // An MF coupon gives `reward_value` months free on each of `reward_length` uses: the months
  // are taken from the instalments in its window, a whole instalment per month for a monthly
  // payer, 1/12 of an annual one (decision 061).
  const monthsLeft = input.coupons.map((coupon) =>
    coupon.rewardType === 'MF' ? coupon.rewardValue * coupon.rewardLength : 0,
  );
  const first = currentPolicyYear(input.activationDate, input.today);
  const years: ProjectionYear[] = [];
  for (let k = 0; k < input.years; k += 1) {
    const start = addMonths(first.start, 12 * k);
    if (input.expiryDate !== null && compareDates(start, input.expiryDate) > 0) break;
    const age = ageOn(input.dateOfBirth, start);
    if (k > 0 && input.maxRenewalAge !== null && age > input.maxRenewalAge) break;
    const band = input.bands.find((b) => b.minAge <= age && age <= b.maxAge);
    if (!band) break;
    const annual =
      input.sumAssured === null
        ? band.annualPremium
        : (band.annualPremium * input.sumAssured) / 1000;
    const modal = cents(annual * factor);
    let gross = 0;
    let discount = 0;
    for (let i = 0; i < instalments; i += 1) {
      const due = addMonths(start, monthsApart * i);
      gross += modal;
      let left = modal;
      input.coupons.forEach((coupon, index) => {
        const inWindow =
          compareDates(coupon.discountStartDate, due) <= 0 &&
          (coupon.discountEndDate === null || compareDates(due, coupon.discountEndDate) <= 0);
        if (!inWindow || left <= 0) return;
        if (coupon.rewardType === 'MF') {
          const months = Math.min(monthsApart, monthsLeft[index] ?? 0);
          if (months <= 0) return;
          const free = Math.min(left, cents((modal * months) / monthsApart));
          monthsLeft[index] = (monthsLeft[index] ?? 0) - months;
          left -= free;
          discount += free;
          return;
        }
        if ((used[index] ?? 0) >= coupon.rewardLength) return;
        const off = Math.min(left, cents(couponDiscount(coupon, modal)));
        used[index] = (used[index] ?? 0) + 1;
        left -= off;
        discount += off;
      });
    }
    const payable = cents(gross - discount);
    const cap = input.longTerm ? INSURANCE_LEVY.capLongTerm : INSURANCE_LEVY.capGeneral;
    const levy = cents(Math.min(payable * INSURANCE_LEVY.rate, cap));
    years.push({
      policy_year: first.year + k,
      start_date: start,
      attained_age: age,
      gross_premium: cents(gross),
      discount: cents(discount),
      levy,
      net_premium: cents(payable + levy),
    });
  }
  return years;
}
