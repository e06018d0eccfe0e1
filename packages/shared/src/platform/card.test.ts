import { describe, expect, it } from 'vitest';
import { cardBrand, cardError, isLuhnValid, normalizeCardNumber } from './card';

const TODAY = '2026-11-22';
const visa = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };

describe('card checks', () => {
  it('accept a valid card typed with spaces', () => {
    expect(cardError(visa, TODAY)).toBeNull();
    expect(normalizeCardNumber('4242-4242 4242-4242')).toBe('4242424242424242');
  });

  it('run the Luhn check', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('79927398713')).toBe(false); // 11 digits: too short for a card
    expect(cardError({ ...visa, card_number: '4242424242424241' }, TODAY)).toBe(
      'invalid_card_number',
    );
    expect(cardError({ ...visa, card_number: '4242abcd' }, TODAY)).toBe('invalid_card_number');
  });

  it('tell the brands apart and refuse the ones not accepted', () => {
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('3530111333300000')).toBe('jcb');
    expect(cardBrand('6200000000000005')).toBe('unionpay');
    expect(cardError({ ...visa, card_number: '6011111111111117' }, TODAY)).toBe('card_unsupported');
  });

  it('ask for the details when they are empty', () => {
    expect(cardError({ ...visa, card_number: ' ' }, TODAY)).toBe('card_required');
    expect(cardError({ ...visa, cvc: '' }, TODAY)).toBe('card_required');
  });

  it('keep a card valid through the last day of its expiry month', () => {
    expect(cardError({ ...visa, exp_month: 11, exp_year: 2026 }, TODAY)).toBeNull();
    expect(cardError({ ...visa, exp_month: 10, exp_year: 2026 }, TODAY)).toBe('expired_card');
    expect(cardError({ ...visa, exp_month: 12, exp_year: 2025 }, TODAY)).toBe('expired_card');
  });

  it('refuse an expiry month or year that cannot be', () => {
    expect(cardError({ ...visa, exp_month: 13 }, TODAY)).toBe('invalid_expiry_date');
    expect(cardError({ ...visa, exp_month: 0 }, TODAY)).toBe('invalid_expiry_date');
    expect(cardError({ ...visa, exp_year: 2099 }, TODAY)).toBe('invalid_expiry_date');
  });

  it('want 3 CVC digits, 4 for American Express', () => {
    expect(cardError({ ...visa, cvc: '12' }, TODAY)).toBe('invalid_cvc');
    expect(cardError({ ...visa, cvc: '1234' }, TODAY)).toBe('invalid_cvc');
    const amex = { ...visa, card_number: '378282246310005' };
    expect(cardError({ ...amex, cvc: '1234' }, TODAY)).toBeNull();
    expect(cardError({ ...amex, cvc: '123' }, TODAY)).toBe('invalid_cvc');
  });
});
