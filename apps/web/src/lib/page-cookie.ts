// The cookies the page itself writes (the read-only mode's, decision 154; the member-on-device
// mark, decision 232): on the whole site, Secure on https. Each access to `document.cookie` is a
// synchronous trip to the browser (decision 227): callers keep what they read.

/** Sets `name` to `value` for `maxAgeSeconds`, or removes it (`value` null). */
export function writePageCookie(
  name: string,
  value: string | null,
  options: { maxAgeSeconds: number; sameSite: 'Strict' | 'Lax' },
): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const content = value === null ? '; Max-Age=0' : `${value}; Max-Age=${options.maxAgeSeconds}`;
  document.cookie = `${name}=${content}; Path=/; SameSite=${options.sameSite}${secure}`;
}

/** The value of the page's cookie `name`, or null. */
export function readPageCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const index = part.indexOf('=');
    if (index !== -1 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}
