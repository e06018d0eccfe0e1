import type { PaymentMethod } from '@clinicpass/shared/platform/entities/billing';
import type { TFunction } from 'i18next';

/** "Visa •••• 4242", else the method's own label: never a full number. */
export function paymentMethodName(method: PaymentMethod, t: TFunction<'portal'>): string {
  const { brand, last4, label } = method.display_data;
  if (last4 !== null) return t('paymentMethod.card', { brand: brand ?? label, last4 });
  return label;
}
