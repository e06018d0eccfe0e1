// The seeded reference lists are well formed: unique codes, both languages, the spec's roles.
import { STAKEHOLDER_ROLES } from '@clinicpass/shared/platform/enums';
import { describe, expect, it } from 'vitest';
import {
  BANKS,
  ENVIRONMENT_SETTINGS,
  INCORPORATION_TYPES,
  NATIONALITIES,
  OCCUPATIONS,
  STAKEHOLDER_ROLE_ROWS,
} from './stakeholder-data';

const HAN = /\p{Script=Han}/u;

describe('seeded reference lists', () => {
  it('banks have unique three-digit clearing codes and names in both languages', () => {
    const codes = BANKS.map(([code]) => code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [code, en, zh] of BANKS) {
      expect(code).toMatch(/^\d{3}$/);
      expect(en.length).toBeGreaterThan(3);
      expect(zh.length).toBeGreaterThan(1);
    }
    expect(BANKS.filter(([, , zh]) => HAN.test(zh)).length).toBeGreaterThan(BANKS.length - 2);
  });

  it('nationalities have unique ISO alpha-3 codes and Chinese descriptions', () => {
    const codes = NATIONALITIES.map(([code]) => code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [code, , zh] of NATIONALITIES) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(zh).toMatch(HAN);
    }
  });

  it('occupations are unique industry–role pairs in both languages', () => {
    const pairs = OCCUPATIONS.map(([industry, , role]) => `${industry}/${role}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const [, industryZh, , roleZh] of OCCUPATIONS) {
      expect(industryZh).toMatch(HAN);
      expect(roleZh).toMatch(HAN);
    }
  });

  it('stakeholder roles are the spec’s, and codes are unique', () => {
    expect(STAKEHOLDER_ROLE_ROWS.map(([code]) => code)).toEqual([...STAKEHOLDER_ROLES]);
    const types = INCORPORATION_TYPES.map(([code]) => code);
    expect(new Set(types).size).toBe(types.length);
  });

  it('the service-mode switches are seeded off', () => {
    for (const key of ['read_only_mode', 'maintenance_mode']) {
      expect(ENVIRONMENT_SETTINGS.find((s) => s.key === key)).toMatchObject({
        value: 'false',
        type: 'boolean',
      });
    }
  });
});
