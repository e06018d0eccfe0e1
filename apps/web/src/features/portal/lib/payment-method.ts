import type { PaymentMethod } from '@clinicpass/shared/platform/entities/billing';
import type { TFunction } from 'i18next';

/** Card networks as they write their names: the gateway's brand codes are lower case. */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unionpay: 'UnionPay',
  jcb: 'JCB',
  discover: 'Discover',
  diners: 'Diners Club',
};

/** "Visa •••• 4242", else the method's own label: never a full number. */
export function paymentMethodName(method: PaymentMethod, t: TFunction<'portal'>): string {
  const { brand, last4, label } = method.display_data;
  if (last4 === null) return label;
  const name = brand === null ? label : (BRANDS[brand.toLowerCase()] ?? brand);
  return t('paymentMethod.card', { brand: name, last4 });
}
