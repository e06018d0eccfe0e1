// Gram posting lists of the finder engine (decision 175): which texts hold a word, found through
// grams, must be exactly the texts a plain `includes` finds, for Chinese, Latin, markers and
// characters outside the BMP alike.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marker, normaliseField } from '../text/search-text';
import {
  buildTextIndex,
  codesOf,
  postingsOf,
  intersectSorted,
  isWide,
  textGrams,
  textsHolding,
  wordGrams,
} from './grams';

const scan = (texts: string[], word: string) =>
  texts.flatMap((text, id) => (text.includes(word) ? [id] : []));

const TEXTS = [
  'dr chan tai man\n陈大文\n' + marker('s', '陈'),
  'dr lee siu ming\n李小明\n' + marker('s', '李'),
  'dr wong ka yan\n黄家欣\n' + marker('s', '黄'),
  'harbour medical centre\n海港医务中心\n500 hennessy road causeway bay\n铜锣湾轩尼诗道500号\nwan chai\n湾仔',
  'nathan health centre\n弥敦健康中心\n1 nathan road tsim sha tsui\n尖沙咀弥敦道1号\nyau tsim mong\n油尖旺',
  normaliseField('皇后大道中 Queen’s Road Central 𠮷野家'),
  '',
];

describe('finder engine grams', () => {
  it('keeps unigrams and bigrams of Chinese and up to trigrams of other text', () => {
    expect(textGrams('ab').size).toBe(3);
    expect(textGrams('abc').size).toBe(6);
    // 中環: two unigrams and one bigram; no trigram with a Chinese character in it.
    expect(textGrams('中环a').size).toBe(5);
    expect(wordGrams('li')).toEqual({ grams: [0x6c * 0x10000 + 0x69], exact: true });
    expect(wordGrams('lee').exact).toBe(true);
    expect(wordGrams('wong').exact).toBe(false);
    expect(wordGrams('wong').grams).toHaveLength(2);
    expect(wordGrams('陈').exact).toBe(true);
    expect(wordGrams('中环').exact).toBe(true);
    expect(wordGrams('铜锣湾').exact).toBe(false);
    expect(wordGrams('铜锣湾').grams).toHaveLength(2);
    expect(wordGrams('')).toEqual({ grams: [], exact: true });
    expect(codesOf('a𠮷')).toEqual([0x61, 0xffff]);
  });

  it('reads a text gram by gram, characters outside the BMP and lone halves included', () => {
    // The grams by their definition, from the text's code points.
    const reference = (text: string) => {
      const codes = codesOf(text);
      const keys = new Set<number>();
      codes.forEach((a, i) => {
        keys.add(a);
        const b = codes[i + 1];
        if (b === undefined) return;
        keys.add(a * 0x10000 + b);
        const c = codes[i + 2];
        if (c !== undefined && ![a, b, c].some(isWide)) keys.add((a * 0x10000 + b) * 0x10000 + c);
      });
      return [...keys].sort((x, y) => x - y);
    };
    const sortedGrams = (text: string) => [...textGrams(text)].sort((x, y) => x - y);
    for (const text of ['', 'a', '\ud842a', 'a\udc00b', '𠮷𠮷a', 'ab𠮷cd', '陈a b', ...TEXTS]) {
      expect(sortedGrams(text), JSON.stringify(text)).toEqual(reference(text));
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 12 }), (text) => {
        expect(sortedGrams(text)).toEqual(reference(text));
      }),
    );
  });

  it('intersects ascending id lists', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 500 })),
        fc.uniqueArray(fc.integer({ min: 0, max: 500 })),
        (a, b) => {
          const left = Int32Array.from(a.sort((x, y) => x - y));
          const right = Int32Array.from(b.sort((x, y) => x - y));
          expect([...intersectSorted(left, right)]).toEqual(a.filter((id) => b.includes(id)));
        },
      ),
    );
  });

  it('finds exactly the texts that hold a word, whatever the word', () => {
    const index = buildTextIndex(TEXTS);
    const words = [
      'a',
      'an',
      'chan',
      'dr c',
      'road',
      'nathan road',
      'centre\nnathan',
      '陈',
      '中心',
      '铜锣湾',
      '弥敦道1号',
      'queen s road',
      '𠮷',
      '𠮷野',
      '\ud842',
      marker('s', '陈'),
      marker('s', '李'),
      'zzz',
      'x',
      '',
    ];
    for (const word of words) {
      expect([...textsHolding(index, word)], JSON.stringify(word)).toEqual(scan(TEXTS, word));
    }
    fc.assert(
      fc.property(
        fc.constantFrom(...TEXTS.filter((text) => text !== '')),
        fc.nat(),
        fc.integer({ min: 1, max: 8 }),
        (text, from, length) => {
          const chars = Array.from(text);
          const start = from % chars.length;
          const word = chars.slice(start, start + length).join('');
          expect([...textsHolding(index, word)]).toEqual(scan(TEXTS, word));
        },
      ),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 5 }), (word) => {
        expect([...textsHolding(index, word)]).toEqual(scan(TEXTS, word));
      }),
    );
  });

  it('keeps common grams as bitsets over the texts, with the same answers', () => {
    // 3,000 texts of a few words: `a`, `an`, `r` are in most of them (bitsets), others in few.
    const parts = ['chan', 'wong', 'road', 'nathan', '陈', '铜锣湾', 'central', 'ka yan', '中心'];
    let seed = 7;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const texts = Array.from({ length: 3000 }, (_, i) =>
      [
        parts[Math.floor(next() * parts.length)],
        parts[Math.floor(next() * parts.length)],
        String(i),
      ].join(' '),
    );
    const index = buildTextIndex(texts);
    expect(index.dense.length).toBeGreaterThan(0);
    expect(index.ids.length).toBeGreaterThan(0);
    // Smaller than one list entry per posting.
    let postings = 0;
    for (const text of texts) postings += textGrams(text).size;
    expect(index.ids.byteLength + index.dense.byteLength).toBeLessThan(postings * 2);
    for (const word of [
      'a',
      'an',
      'n r',
      'chan',
      'an ',
      '陈 ',
      '锣湾',
      'central 1',
      '12',
      '299',
      'zz',
    ]) {
      expect([...textsHolding(index, word)], word).toEqual(scan(texts, word));
    }
    expect([...(postingsOf(index, textGrams('a').values().next().value as number) ?? [])]).toEqual(
      scan(texts, 'a'),
    );
    fc.assert(
      fc.property(fc.nat(2999), fc.nat(), fc.integer({ min: 1, max: 8 }), (id, from, length) => {
        const chars = Array.from(texts[id] as string);
        const start = from % chars.length;
        const word = chars.slice(start, start + length).join('');
        expect([...textsHolding(index, word)]).toEqual(scan(texts, word));
      }),
    );
  });
});
