import { describe, expect, it } from 'vitest';
import { formatHkd } from './money';

describe('formatHkd', () => {
  it('writes whole dollars without decimals', () => {
    expect(formatHkd(150)).toBe('HK$150');
  });

  it('writes cents only as far as needed, at most two places', () => {
    expect(formatHkd(150.5)).toBe('HK$150.5');
    expect(formatHkd(1234.567)).toBe('HK$1,234.57');
  });

  it('writes zero as HK$0', () => {
    expect(formatHkd(0)).toBe('HK$0');
  });
});
