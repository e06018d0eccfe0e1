/**
 * The 16-digit number printed under a QR ticket, as a counter types it. The grouping is
 * forgiving: spaces (any kind), dashes (any kind), dots and underscores are ignored, and
 * full-width digits (a Chinese input method's) count as digits.
 */
export const TICKET_NUMBER_DIGITS = 16;

export type TicketNumberResult =
  { ok: true; number: string } | { ok: false; reason: 'empty' | 'characters' | 'length' };

/** Separators a person may type between groups: whitespace, every dash, dots, underscores. */
const SEPARATORS = /[\s\u00a0\u3000\-\u2010-\u2015\u2212\ufe58\ufe63\uff0d._\uff0e]/g;

/** `１２３４` (full-width) → `1234`. */
const halfWidth = (text: string) =>
  text.replace(/[\uff10-\uff19]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));

/** The typed text as the 16 digits it names, or why it does not name one. */
export function normaliseTicketNumber(typed: string): TicketNumberResult {
  const digits = halfWidth(typed).replace(SEPARATORS, '');
  if (digits === '') return { ok: false, reason: 'empty' };
  if (!/^\d+$/.test(digits)) return { ok: false, reason: 'characters' };
  if (digits.length !== TICKET_NUMBER_DIGITS) return { ok: false, reason: 'length' };
  return { ok: true, number: digits };
}

/** `1234567890123456` → `1234 5678 9012 3456` (as printed under the QR). */
export function groupTicketNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
