// Whether this browser holds a member (decision 232), told to the server by a cookie of no
// content: with it, a member page's address is sent that page's shell; without it, the member
// card form's, which the app shows such a visit anyway (member-gate.tsx). Never the token or
// anything of the member's: the view token stays in session storage, kept cards in IndexedDB.
// The look-up's answer sets it from the server (a cookie the page writes lasts at most 7 days in
// Safari); the page sets it only where it finds a member without it, and clears it when the
// cards are forgotten.
import { MEMBER_ON_DEVICE_COOKIE } from '@clinicpass/shared/schemas/outpatient';

/** A year: a kept card stays until forgotten. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const MARK = `${MEMBER_ON_DEVICE_COOKIE}=1`;

function write(value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  try {
    document.cookie = `${MEMBER_ON_DEVICE_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
  } catch {
    // Cookies refused: the server sends the form's shell and the app still shows the member.
  }
}

/** Marks the device, unless it is marked already (one read; a write only when missing). */
export function markMemberOnDevice(): void {
  let marked: boolean;
  try {
    marked = document.cookie.split('; ').includes(MARK);
  } catch {
    return;
  }
  if (!marked) write(`1; Max-Age=${MAX_AGE_SECONDS}`);
}

/** "Forget this card on this device" and sign-out: the mark goes with the cards. */
export function forgetMemberOnDevice(): void {
  write('; Max-Age=0');
}
