import { describe, expect, it } from 'vitest';

import { displayPricesFor, feeLabelKey, roundUpToStep, toDisplayPrice } from './price-model';
import type { PaymentInfo } from './types';

const entry = (overrides: Partial<PaymentInfo> = {}): PaymentInfo => ({
  service: { code: 'GP' },
  amount: 150,
  marked_price: 300,
  treatment_properties: [],
  ...overrides,
});

describe('display price model', () => {
  it('takes the member price from amount and the saving from the marked price', () => {
    const price = toDisplayPrice(entry({ amount: 150, marked_price: 300 }));
    expect(price).toMatchObject({
      serviceCode: 'GP',
      memberPrice: 150,
      markedPrice: 300,
      saving: 150,
      savingPercentage: 50,
    });
  });

  it('rounds the saving percentage up to a multiple of 5', () => {
    // 60 / 230 = 26.09 % → 30
    expect(toDisplayPrice(entry({ amount: 170, marked_price: 230 })).savingPercentage).toBe(30);
    // 20 / 200 = exactly 10 % stays 10
    expect(toDisplayPrice(entry({ amount: 180, marked_price: 200 })).savingPercentage).toBe(10);
    // 0.5 / 100.5 = 0.5 % → 5
    expect(toDisplayPrice(entry({ amount: 100, marked_price: 100.5 })).savingPercentage).toBe(5);
    expect(toDisplayPrice(entry({ amount: 100, marked_price: 100.5 })).saving).toBe(0.5);
  });

  it('has no saving without a marked price, or with one not above the member price', () => {
    expect(toDisplayPrice(entry({ marked_price: null }))).toMatchObject({
      markedPrice: null,
      saving: null,
      savingPercentage: null,
    });
    expect(toDisplayPrice(entry({ amount: 200, marked_price: 200 })).saving).toBeNull();
  });

  it('keeps only included treatments', () => {
    const price = toDisplayPrice(
      entry({
        treatment_properties: [
          {
            type: 'include',
            quantity: 3,
            unit_en: 'days',
            unit_zh: '天',
            treatment: { name_en: 'Western medicine', name_zh: '西藥' },
          },
          {
            type: 'exclude',
            quantity: 1,
            unit_en: 'item',
            unit_zh: '項',
            treatment: { name_en: 'Injection', name_zh: '注射' },
          },
        ],
      }),
    );
    expect(price.includedTreatments).toEqual([
      { quantity: 3, unit_en: 'days', unit_zh: '天', name_en: 'Western medicine', name_zh: '西藥' },
    ]);
  });

  it('uses only the payment info of the service point’s own service code', () => {
    const prices = displayPricesFor(
      [
        entry({ service: { code: 'HER' }, amount: 80 }),
        entry({ service: { code: 'ACU' }, amount: 200 }),
      ],
      'ACU',
    );
    expect(prices.map((price) => price.memberPrice)).toEqual([200]);
  });

  it('rounds float noise before rounding up', () => {
    expect(roundUpToStep(30.000000000000004)).toBe(30);
    expect(roundUpToStep(30.1)).toBe(35);
  });
});

describe('consultation-fee labels', () => {
  it('has a label for PHS, LAB, ACU, BST, HER, ROW and VAC, and a fallback for others', () => {
    for (const code of ['PHS', 'LAB', 'ACU', 'BST', 'HER', 'ROW', 'VAC']) {
      expect(feeLabelKey(code)).toBe(`fee.${code}`);
    }
    expect(feeLabelKey('GP')).toBe('fee.fallback');
    expect(feeLabelKey('acu')).toBe('fee.ACU');
  });
});
