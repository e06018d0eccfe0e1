// Opaque bearer tokens: random bytes from the CSPRNG, never derived from anything about the
// member. Only their SHA-256 is stored, so the table alone cannot be used to present a card.
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** Bytes of randomness in a token (≥ 16, i.e. ≥ 128 bits). */
export const TOKEN_BYTES = 24;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The stored look-up key of a ticket number (decision 184): HMAC-SHA256 keyed with SECRET_KEY of
 * the number's SHA-256 (hex). Rows issued before it hold the bare SHA-256, so the data step
 * converts them without knowing the numbers: `numberKeyOfHash(secret, row.number_hash)`.
 */
export function numberKeyOfHash(secretKey: string, numberHash: string): string {
  return createHmac('sha256', secretKey).update(`ticket-number:v1:${numberHash}`).digest('hex');
}

export function ticketNumberKey(secretKey: string, number: string): string {
  return numberKeyOfHash(secretKey, hashToken(number));
}

/** A 16-digit number printed under a QR code, for counters that type instead of scanning. */
export function newTicketNumber(): string {
  let digits = '';
  for (let i = 0; i < 16; i += 1) digits += String(randomInt(10));
  return digits;
}

/** `1234567890123456` → `1234 5678 9012 3456`. */
export function formatTicketNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}
