// Document numbers: checked per type, kept only as a keyed hash and a mask.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { describe, expect, it } from 'vitest';
import { hkidLookupHash } from '../../lib/hkid-hash';
import { protectDocumentNumber } from './document-number';

const KEY = 'k'.repeat(32);

describe('protectDocumentNumber', () => {
  it('hashes an HKID as members are hashed, whatever its spelling, and masks it', () => {
    const a = protectDocumentNumber(KEY, 'hong-kong-identity-card', 'a123456(3)');
    const b = protectDocumentNumber(KEY, 'hong-kong-birth-certificate', 'A 123456 3');
    expect(a).toEqual({ hash: hkidLookupHash(KEY, 'A1234563'), masked: 'A123***(*)' });
    expect(b.hash).toBe(a.hash);
    expect(
      protectDocumentNumber('x'.repeat(32), 'hong-kong-identity-card', 'A123456(3)').hash,
    ).not.toBe(a.hash);
  });

  it('takes passports of 5–20 letters and digits, masking all but two characters', () => {
    expect(protectDocumentNumber(KEY, 'passport', 'e1234 5678').masked).toBe('E1*******');
    for (const bad of ['AB12', 'A'.repeat(21), 'AB-12345']) {
      expect(() => protectDocumentNumber(KEY, 'passport', bad)).toThrow(AppError);
    }
  });

  it('refuses a wrong check digit naming the field, without the number in the message', () => {
    try {
      protectDocumentNumber(KEY, 'hong-kong-identity-card', 'A123456(4)');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const appError = error as AppError;
      expect(appError.code).toBe('validation_error');
      expect(appError.message).toContain('identification_document_number');
      expect(appError.message).not.toContain('123456');
    }
  });
});
