import type { PaymentMethod } from '@clinicpass/shared/platform/entities/billing';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { paymentMethodName } from './payment-method';

// The portal's own text: "{{brand}} •••• {{last4}}".
const t = ((_key: string, values: { brand: string; last4: string }) =>
  `${values.brand} •••• ${values.last4}`) as unknown as TFunction<'portal'>;

const method = (display: Partial<PaymentMethod['display_data']>) =>
  ({
    display_data: { brand: null, last4: null, label: 'Bank transfer', ...display },
  }) as PaymentMethod;

describe('a payment method’s name', () => {
  it('writes the card network as it writes itself, whatever case the gateway sends', () => {
    expect(paymentMethodName(method({ brand: 'visa', last4: '4242' }), t)).toBe('Visa •••• 4242');
    expect(paymentMethodName(method({ brand: 'Visa', last4: '4242' }), t)).toBe('Visa •••• 4242');
    expect(paymentMethodName(method({ brand: 'MASTERCARD', last4: '5100' }), t)).toBe(
      'Mastercard •••• 5100',
    );
    expect(paymentMethodName(method({ brand: 'Octopus', last4: '0001' }), t)).toBe(
      'Octopus •••• 0001',
    );
  });

  it('uses the label without a card number', () => {
    expect(paymentMethodName(method({}), t)).toBe('Bank transfer');
  });
});
