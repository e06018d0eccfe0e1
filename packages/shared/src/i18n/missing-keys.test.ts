import { describe, expect, it } from 'vitest';
import { findMissingKeys } from './missing-keys';

describe('findMissingKeys', () => {
  it('finds nothing when both languages have every key', () => {
    expect(
      findMissingKeys({ en: { a: { b: 'B' }, c: 'C' }, 'zh-HK': { a: { b: '乙' }, c: '丙' } }),
    ).toEqual([]);
  });

  it('names a nested key missing in either language', () => {
    expect(
      findMissingKeys({
        en: { card: { title: 'Card', hint: 'Hint' } },
        'zh-HK': { card: { title: '卡' }, extra: '多' },
      }),
    ).toEqual(['card.hint (missing in zh-HK)', 'extra (missing in en)']);
  });

  it('counts an empty or blank text as missing', () => {
    expect(findMissingKeys({ en: { a: 'A', b: 'B' }, 'zh-HK': { a: '', b: '  ' } })).toEqual([
      'a (missing in zh-HK)',
      'b (missing in zh-HK)',
    ]);
  });

  it('notices a text in one language that is a group in the other', () => {
    expect(findMissingKeys({ en: { a: 'A' }, 'zh-HK': { a: { b: '乙' } } })).toEqual([
      'a (missing in zh-HK)',
      'a.b (missing in en)',
    ]);
  });
});
