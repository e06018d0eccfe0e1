import { describe, expect, it } from 'vitest';
import { formatMoney, insuredLifeDisplayName } from './format';

const chan = {
  first_name: 'Tai Man',
  last_name: 'Chan',
  chinese_first_name: '大文',
  chinese_last_name: '陳',
};

describe('insured-life display name', () => {
  it('puts the Chinese last name before the first name in Chinese', () => {
    expect(insuredLifeDisplayName(chan, 'zh-HK')).toBe('陳大文');
    expect(insuredLifeDisplayName(chan, 'zh-hk')).toBe('陳大文');
    expect(insuredLifeDisplayName(chan, 'zh')).toBe('陳大文');
  });

  it('uses the English first then last name in English', () => {
    expect(insuredLifeDisplayName(chan, 'en')).toBe('Tai Man Chan');
  });

  it('falls back to the English name in Chinese when a Chinese name is missing or blank', () => {
    expect(insuredLifeDisplayName({ ...chan, chinese_first_name: null }, 'zh-HK')).toBe(
      'Tai Man Chan',
    );
    expect(insuredLifeDisplayName({ ...chan, chinese_last_name: '  ' }, 'zh-HK')).toBe(
      'Tai Man Chan',
    );
  });

  it('does not read a language that merely contains zh as Chinese', () => {
    expect(insuredLifeDisplayName(chan, 'en-zh')).toBe('Tai Man Chan');
  });

  it('leaves out an empty English part instead of writing a stray space', () => {
    expect(insuredLifeDisplayName({ ...chan, first_name: '' }, 'en')).toBe('Chan');
  });
});

describe('money', () => {
  it('formats HKD in zh-HK: whole dollars without decimals, cents with two', () => {
    expect(formatMoney(150)).toBe('HK$150');
    expect(formatMoney(150.5)).toBe('HK$150.50');
    expect(formatMoney(400.4)).toBe('HK$400.40');
    expect(formatMoney(1234.567)).toBe('HK$1,234.57');
    expect(formatMoney(-80, 'HKD')).toBe('-HK$80');
    expect(formatMoney(99.999)).toBe('HK$100');
  });

  it('formats another currency with the same rules', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('US$1,234.50');
  });
});
