import { describe, expect, it } from 'vitest';
import { formatHkPhone } from './phone';

describe('formatHkPhone', () => {
  it('groups eight digits in fours, with or without the country code', () => {
    expect(formatHkPhone('22154715')).toBe('2215 4715');
    expect(formatHkPhone('2215-4715')).toBe('2215 4715');
    expect(formatHkPhone(' 2215 4715 ')).toBe('2215 4715');
    expect(formatHkPhone('+85222154715')).toBe('+852 2215 4715');
  });

  it('leaves any other number as it was given', () => {
    expect(formatHkPhone('+853 2833 1234 ext. 5')).toBe('+853 2833 1234 ext. 5');
    expect(formatHkPhone('1234567')).toBe('1234567');
    expect(formatHkPhone('123456789')).toBe('123456789');
  });
});
