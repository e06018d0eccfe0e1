// Identification document numbers of stakeholders: validated per document type, kept only as a
// keyed hash (HMAC with the server secret) and a masked form (DESIGN.md "Personal data").
import { createHmac } from 'node:crypto';
import type { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import { isValidHkid, maskHkid } from '@clinicpass/shared/identity/hkid';
import type { IdentityDocumentType } from '@clinicpass/shared/platform/enums';
import { hkidLookupHash } from '../../lib/hkid-hash';

/** Passport numbers: 5–20 letters and digits (spaces ignored). */
const PASSPORT_FORMAT = /^[A-Z0-9]{5,20}$/;

export interface ProtectedNumber {
  hash: string;
  masked: string;
}

function invalidNumber(message: string): AppError {
  return validationError([
    { path: 'body.identification_document_number', message, key: 'invalid' },
  ]);
}

/**
 * The hash and mask of a document number, or a 400 naming `identification_document_number`.
 * A Hong Kong identity card and a Hong Kong birth certificate carry the same number (the
 * holder's HKID), so both are checked with the HKID check digit and hashed as members' are.
 */
export function protectDocumentNumber(
  secretKey: string,
  document: IdentityDocumentType,
  number: string,
): ProtectedNumber {
  if (document === 'passport') {
    const compact = number.toUpperCase().replace(/\s+/g, '');
    if (!PASSPORT_FORMAT.test(compact)) {
      throw invalidNumber('a passport number has 5 to 20 letters and digits');
    }
    return {
      hash: createHmac('sha256', secretKey).update(`passport:${compact}`).digest('hex'),
      masked: `${compact.slice(0, 2)}${'*'.repeat(compact.length - 2)}`,
    };
  }
  if (!isValidHkid(number)) {
    throw invalidNumber(
      'is not a valid Hong Kong identity card number (letters, 6 digits and a check digit)',
    );
  }
  return { hash: hkidLookupHash(secretKey, number), masked: maskHkid(number) };
}
