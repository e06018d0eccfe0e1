// Whether this browser holds a member (decision 232), told to the server by a cookie of no
// content: with it, a member page's address is sent that page's shell; without it, the member
// card form's, which the app shows such a visit anyway (member-gate.tsx). Never the token or
// anything of the member's: the view token stays in session storage, kept cards in IndexedDB.
// The look-up's answer sets it from the server (a cookie the page writes lasts at most 7 days in
// Safari); the page sets it only where it finds a member without it, and clears it when the
// cards are forgotten.
import { MEMBER_ON_DEVICE_COOKIE } from '@clinicpass/shared/schemas/outpatient';

import { readPageCookie, writePageCookie } from './page-cookie';

/** A year: a kept card stays until forgotten. */
const OPTIONS = { maxAgeSeconds: 365 * 24 * 60 * 60, sameSite: 'Lax' } as const;

/** Known marked in this page's life: the member pages' gate then reads no cookie again. */
let marked = false;

/** Marks the device unless it is marked (read once a page life; written only when missing). */
export function markMemberOnDevice(): void {
  if (marked) return;
  try {
    if (readPageCookie(MEMBER_ON_DEVICE_COOKIE) !== '1') {
      writePageCookie(MEMBER_ON_DEVICE_COOKIE, '1', OPTIONS);
    }
    marked = true;
  } catch {
    // Cookies refused: the server sends the form's shell and the app still shows the member.
  }
}

/** "Forget this card on this device" and sign-out: the mark goes with the cards. */
export function forgetMemberOnDevice(): void {
  marked = false;
  try {
    writePageCookie(MEMBER_ON_DEVICE_COOKIE, null, OPTIONS);
  } catch {
    // Cookies refused: there is no mark either.
  }
}
