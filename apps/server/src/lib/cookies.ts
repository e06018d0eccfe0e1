// Reading one cookie of a request, and writing a session cookie: shared by the identity and staff
// modules and the plugins (the SPA's stand-in shells, the auth plugin), which import no module.
import type { FastifyRequest } from 'fastify';

/** A value that is not valid percent-encoding counts as absent (a planted cookie must not 500). */
function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (header === undefined) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return value === '' ? null : safeDecode(value);
    }
  }
  return null;
}

/**
 * A `Set-Cookie` value for a session cookie: HttpOnly, SameSite=Strict, Secure when asked,
 * expiring after `maxAge` seconds (0 clears it).
 */
export function sessionCookie(
  name: string,
  value: string,
  options: {
    path: string;
    maxAge: number;
    secure: boolean;
    now: Date;
    /** Strict unless a cross-site navigation must carry it (a sign-on provider's redirect back). */
    sameSite?: 'Strict' | 'Lax';
  },
): string {
  const expires = new Date(options.now.getTime() + options.maxAge * 1000).toUTCString();
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAge}`,
    `Expires=${options.maxAge === 0 ? 'Thu, 01 Jan 1970 00:00:00 GMT' : expires}`,
    'HttpOnly',
    `SameSite=${options.sameSite ?? 'Strict'}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
