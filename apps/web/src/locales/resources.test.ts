import { findMissingKeys } from '@clinicpass/shared/i18n/missing-keys';
import { describe, expect, it } from 'vitest';

import { resources } from './resources';

function leaves(tree: object, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([name, value]: [string, unknown]) => {
    const key = prefix === '' ? name : `${prefix}.${name}`;
    return typeof value === 'object' && value !== null ? leaves(value, key) : [[key, value]];
  });
}

const placeholders = (text: unknown): string[] =>
  typeof text === 'string' ? [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1] ?? '').sort() : [];

describe('translation resources', () => {
  it('have every key, non-empty, in both English and Traditional Chinese', () => {
    expect(findMissingKeys(resources)).toEqual([]);
  });

  it('use the same {{placeholders}} in both languages', () => {
    const chinese = new Map(leaves(resources['zh-HK']));
    const mismatches = leaves(resources.en)
      .filter(([key, text]) => placeholders(text).join() !== placeholders(chinese.get(key)).join())
      .map(([key]) => key);
    expect(mismatches).toEqual([]);
  });
});
