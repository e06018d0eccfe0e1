import { describe, expect, it } from 'vitest';
import { errorResources } from '../errors/messages';
import { createI18n } from './setup';

const resources = {
  en: {
    common: { greeting: 'Hello {{name}} & co', onlyEnglish: 'Only in English', empty: 'Empty' },
    errors: errorResources.en,
  },
  'zh-HK': {
    common: { greeting: '你好 {{name}} & co', empty: '' },
    errors: errorResources['zh-HK'],
  },
};

describe('createI18n', () => {
  it('is ready to translate on return', () => {
    const i18n = createI18n(resources, 'zh-HK');
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe('zh-HK');
    expect(i18n.t('greeting', { name: '陳' })).toBe('你好 陳 & co');
  });

  it('leaves escaping to React', () => {
    const i18n = createI18n(resources, 'en');
    expect(i18n.t('greeting', { name: '<b>' })).toBe('Hello <b> & co');
  });

  it('falls back to English for a missing or empty text', () => {
    const i18n = createI18n(resources, 'zh-HK');
    expect(i18n.t('onlyEnglish')).toBe('Only in English');
    expect(i18n.t('empty')).toBe('Empty');
  });

  it('reads the error catalogue from the errors namespace', () => {
    const i18n = createI18n(resources, 'zh-HK');
    expect(i18n.t('CodeMismatchException', { ns: 'errors' })).toBe('驗證碼不正確');
    expect(i18n.t('no_delivery_method', { ns: 'errors', phone: '2123 4567' })).toContain(
      '2123 4567',
    );
  });

  it('gives each call its own instance', () => {
    const english = createI18n(resources, 'en');
    const chinese = createI18n(resources, 'zh-HK');
    expect(english.t('greeting', { name: 'A' })).toBe('Hello A & co');
    expect(chinese.t('greeting', { name: 'A' })).toBe('你好 A & co');
  });
});
