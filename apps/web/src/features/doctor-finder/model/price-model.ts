// Display price model of the primary panel (spec §3). The spec's names are odd: its
// `originalPrice` is the member price (`amount`) and the marked price is the clinic's usual
// price. We name the fields for what they hold; docs/decisions/020 maps them to the spec.
import { SAVING_PERCENT_STEP } from '@clinicpass/shared/constants';

import type { PaymentInfo } from './types';

export interface IncludedTreatment {
  quantity: number;
  unit_en: string;
  unit_zh: string;
  name_en: string;
  name_zh: string;
}

export interface DisplayPrice {
  serviceCode: string;
  /** What the member pays (`amount`; the spec's `originalPrice`). */
  memberPrice: number;
  /** The clinic's usual price (`marked_price`), when given and above the member price. */
  markedPrice: number | null;
  /** markedPrice − memberPrice, or null without a marked price. */
  saving: number | null;
  /** saving / markedPrice in percent, rounded UP to a multiple of 5; null without a saving. */
  savingPercentage: number | null;
  /** Only treatment properties of type `include`. */
  includedTreatments: IncludedTreatment[];
}

/** Rounds a percentage up to the next multiple of the step (31 → 35, 30 → 30). */
export function roundUpToStep(percentage: number, step: number = SAVING_PERCENT_STEP): number {
  // Rounded to 6 places first, so 30.000000000000004 from float division stays 30.
  const clean = Math.round(percentage * 1e6) / 1e6;
  return Math.ceil(clean / step) * step;
}

/** The display price of one payment info entry. */
export function toDisplayPrice(entry: PaymentInfo): DisplayPrice {
  const memberPrice = entry.amount;
  const marked = entry.marked_price;
  const hasSaving = marked !== null && marked > memberPrice && marked > 0;
  const saving = hasSaving ? Math.round((marked - memberPrice) * 100) / 100 : null;
  return {
    serviceCode: entry.service.code,
    memberPrice,
    markedPrice: hasSaving ? marked : null,
    saving,
    savingPercentage: hasSaving && saving !== null ? roundUpToStep((saving / marked) * 100) : null,
    includedTreatments: entry.treatment_properties
      .filter((property) => property.type === 'include')
      .map((property) => ({
        quantity: property.quantity,
        unit_en: property.unit_en,
        unit_zh: property.unit_zh,
        name_en: property.treatment.name_en,
        name_zh: property.treatment.name_zh,
      })),
  };
}

/**
 * The prices a card shows: the doctor's payment info entries whose service code is the service
 * point's service code (finder contract: only those apply).
 */
export function displayPricesFor(
  paymentInfo: readonly PaymentInfo[],
  serviceCode: string,
): DisplayPrice[] {
  const main = paymentInfo.filter((entry) => entry.service.code === serviceCode);
  return main.map(toDisplayPrice);
}

/** Service codes that have their own consultation-fee label (spec §3); others use the fallback. */
export const FEE_LABEL_CODES = ['PHS', 'LAB', 'ACU', 'BST', 'HER', 'ROW', 'VAC'] as const;
export type FeeLabelCode = (typeof FEE_LABEL_CODES)[number];

/** The i18n key of the consultation-fee label for a service code. */
export function feeLabelKey(code: string): `fee.${FeeLabelCode}` | 'fee.fallback' {
  const known = FEE_LABEL_CODES.find((candidate) => candidate === code.toUpperCase());
  return known === undefined ? 'fee.fallback' : `fee.${known}`;
}
