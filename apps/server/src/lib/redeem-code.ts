import { createHash } from 'node:crypto';

/** Letters print redeem codes in groups of four; spaces, hyphens and case do not matter. */
export function normalizeRedeemCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * The stored form of a one-time redeem code (decision 076): its SHA-256. The codes are random
 * (12 characters of a 32-letter alphabet, 60 bits), so an unkeyed hash cannot be reversed by
 * guessing, and the seed can write one without the server secret.
 */
export function redeemCodeHash(code: string): string {
  return createHash('sha256')
    .update(`redeem:${normalizeRedeemCode(code)}`)
    .digest('hex');
}
