// The one path every path-based decision reads (issue 37, decision 250). Node hands Fastify the
// request target as sent: `/%61pi/customer/policy`, `//api//customer/policy`, `/api/customer/
// policy/.` all reach the same route, since the router decodes and the app ignores a trailing
// slash. A check that compared the raw `request.url` with a literal was then skipped. So:
// - before routing, `normaliseUrl` (Fastify's `rewriteUrl`) decodes percent-encoded unreserved
//   characters (RFC 3986 §6.2.2.2), folds repeated slashes and removes dot segments (§5.2.4);
//   the query string is left as sent, and so are other escapes (`%2F` stays data, not a slash);
// - the router matches without regard to case (`caseSensitive: false`; parameters keep theirs);
// - areas (`/api/`, `/identity/`, `/dev/` …) are decided on `requestPath(request)`, the
//   normalised path in lower case; single routes on `routePattern(request)`, the matched route's
//   registered address (or its `config`), never on a literal compared with the raw URL.
import type { FastifyRequest } from 'fastify';

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Decodes `%XX` escapes of unreserved characters; other escapes stay (upper-cased hex). */
function decodeUnreserved(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
}

/** RFC 3986 §5.2.4 on an absolute path whose repeated slashes are already folded. */
function removeDotSegments(path: string): string {
  const segments = path.split('/');
  const out: string[] = [];
  for (let index = 1; index < segments.length; index += 1) {
    const segment = segments[index] ?? '';
    const last = index === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..') out.pop();
      // `/a/.` and `/a/..` name a folder: keep the trailing slash.
      if (last) out.push('');
      continue;
    }
    out.push(segment);
  }
  return `/${out.join('/')}`;
}

/** Whether a path needs any of the work below (most do not: one scan, no allocation). */
function needsWork(path: string): boolean {
  return path.includes('%') || path.includes('//') || path.includes('/.');
}

/** The request target with its path normalised; the query string as sent. */
export function normaliseUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!needsWork(path)) return url;
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const folded = decodeUnreserved(path).replace(/\/{2,}/g, '/');
  const normal = folded.includes('/.') ? removeDotSegments(folded) : folded;
  return `${normal.startsWith('/') ? normal : `/${normal}`}${query}`;
}

/** The normalised path of a request in lower case, without its query string. */
export function requestPath(request: Pick<FastifyRequest, 'url'>): string {
  const url = request.url;
  const queryAt = url.indexOf('?');
  return (queryAt === -1 ? url : url.slice(0, queryAt)).toLowerCase();
}

/** The matched route's address as registered (`/api/customer/policy/:id`), or null (no route). */
export function routePattern(request: Pick<FastifyRequest, 'routeOptions'>): string | null {
  const pattern = request.routeOptions.url;
  return pattern === undefined ? null : pattern.replace(/(?<=.)\/+$/, '');
}
