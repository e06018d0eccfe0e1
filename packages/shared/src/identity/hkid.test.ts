import { describe, expect, it } from 'vitest';
import { HkidSchema, isValidHkid, maskHkid, normalizeHkid } from './hkid';

describe('HKID', () => {
  it.each([
    'G123456A',
    'A5555550',
    'AB9876543',
    'A123456(3)',
    'CA182361(1)',
    'Z437626A',
    'G123456(A)',
  ])('accepts %s', (hkid) => {
    expect(isValidHkid(hkid)).toBe(true);
  });

  it.each(['C5678908', 'A1234560', 'A123456(A)'])('rejects %s for its check digit', (hkid) => {
    expect(isValidHkid(hkid)).toBe(false);
  });

  it.each(['01234560', 'A555555X', 'A123456', '', 'ABC1234563', 'A12(3456)3'])(
    'rejects %s for its form',
    (hkid) => {
      expect(isValidHkid(hkid)).toBe(false);
    },
  );

  it('accepts lowercase and spaces', () => {
    expect(isValidHkid(' a123456 (3) ')).toBe(true);
  });

  it('normalises to uppercase without spaces or brackets', () => {
    expect(normalizeHkid(' a123456 (3) ')).toBe('A1234563');
    expect(normalizeHkid('ca 182361 (1)')).toBe('CA1823611');
  });

  it('masks all but the letters and first three digits', () => {
    expect(maskHkid('A123456(3)')).toBe('A123***(*)');
    expect(maskHkid('CA1823611')).toBe('CA182***(*)');
  });

  it('masks whole anything that is not HKID-shaped', () => {
    expect(maskHkid('A12345')).toBe('******');
  });

  it('parses to the normalised form and rejects with the validation key', () => {
    expect(HkidSchema.parse('g123456(a)')).toBe('G123456A');
    const result = HkidSchema.safeParse('A1234560');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.hkid');
  });
});
