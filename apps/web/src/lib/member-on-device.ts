// Whether this browser holds a member (decision 232), told to the server by a cookie of no
// content: with it, a member page's address is sent that page's shell; without it, the member
// card form's, which the app shows such a visit anyway (member-gate.tsx). Never the token or
// anything of the member's: the view token stays in session storage, kept cards in IndexedDB.
import { MEMBER_ON_DEVICE_COOKIE } from '@clinicpass/shared/schemas/outpatient';

/** A year: a kept card stays until forgotten; the member gate corrects the cookie either way. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function markMemberOnDevice(present: boolean): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = present ? `1; Max-Age=${MAX_AGE_SECONDS}` : '; Max-Age=0';
  try {
    document.cookie = `${MEMBER_ON_DEVICE_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
  } catch {
    // Cookies refused: the server sends the form's shell and the app still shows the member.
  }
}
