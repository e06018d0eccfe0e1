// Reading one cookie of a request: shared by the identity module and the plugins (the SPA's
// stand-in shells, the auth plugin), which import no module.
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
