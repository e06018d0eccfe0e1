import { createHmac } from 'node:crypto';
import { normalizeHkid } from '@clinicpass/shared/identity/hkid';

/**
 * Keyed hash of an HKID for look-up (PDPO: the number itself is never stored). The same
 * normalisation as validation, so "A123456(3)" and "a 123456 3" find the same member.
 */
export function hkidLookupHash(secretKey: string, hkid: string): string {
  return createHmac('sha256', secretKey)
    .update(`hkid:${normalizeHkid(hkid)}`)
    .digest('hex');
}
