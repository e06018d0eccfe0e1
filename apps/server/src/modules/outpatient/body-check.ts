// Body-check eligibility (member-app §4): up to one check per year depending on plan; the first
// from the later of 90 days and 3 calendar months after activation (so both the English "90
// days" and the Chinese "3 months" hold); the next 12 months after the previous check was taken.
// All dates are Hong Kong calendar dates.
import { addDays, addMonths, isOnOrBefore, maxDate } from '@clinicpass/shared/time/clock';

export const FIRST_CHECK_AFTER_DAYS = 90;
export const FIRST_CHECK_AFTER_MONTHS = 3;
export const NEXT_CHECK_AFTER_MONTHS = 12;

export function firstBodyCheckDate(activationDate: string): string {
  return maxDate(
    addDays(activationDate, FIRST_CHECK_AFTER_DAYS),
    addMonths(activationDate, FIRST_CHECK_AFTER_MONTHS),
  );
}

/** The date the member's next body check becomes effective. */
export function bodyCheckEffectiveDate(
  activationDate: string,
  lastCheckDate: string | null,
): string {
  const first = firstBodyCheckDate(activationDate);
  return lastCheckDate === null
    ? first
    : maxDate(first, addMonths(lastCheckDate, NEXT_CHECK_AFTER_MONTHS));
}

export interface BodyCheckState {
  checks_per_year: number;
  effective_date: string | null;
  status: 'effective' | 'not_effective' | 'not_covered';
  last_check_date: string | null;
}

export function bodyCheckState(input: {
  activationDate: string;
  lastCheckDate: string | null;
  checksPerYear: number;
  today: string;
}): BodyCheckState {
  if (input.checksPerYear <= 0) {
    return {
      checks_per_year: 0,
      effective_date: null,
      status: 'not_covered',
      last_check_date: input.lastCheckDate,
    };
  }
  const effective = bodyCheckEffectiveDate(input.activationDate, input.lastCheckDate);
  return {
    checks_per_year: input.checksPerYear,
    effective_date: effective,
    status: isOnOrBefore(effective, input.today) ? 'effective' : 'not_effective',
    last_check_date: input.lastCheckDate,
  };
}

/** The last day of the policy year `today` falls in (anniversaries counted from activation). */
export function policyYearEnd(activationDate: string, today: string): string {
  let years = 1;
  while (isOnOrBefore(addMonths(activationDate, 12 * years), today)) years += 1;
  return addDays(addMonths(activationDate, 12 * years), -1);
}

/** The first day of the policy year `today` falls in. */
export function policyYearStart(activationDate: string, today: string): string {
  let years = 1;
  while (isOnOrBefore(addMonths(activationDate, 12 * years), today)) years += 1;
  return addMonths(activationDate, 12 * (years - 1));
}
