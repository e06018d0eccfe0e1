// Cross-site request forgery (decision 135): a state-changing request (any method but GET, HEAD,
// OPTIONS) that carries cookies and no bearer token is refused with 403 `cross_site_request`
// when the browser says it came from another site: an `Origin` other than the app's own (or
// one listed in CORS_ALLOWED_ORIGINS), or `Sec-Fetch-Site: cross-site` / `same-site` without
// such an Origin. SameSite=Strict cookies already stop most of these; this holds when a browser
// or a sibling subdomain does not. Requests without cookies (servers, app.inject, bearer
// clients) and requests without either header (old browsers send Origin on POST) pass.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** Whether the request came from a page of another site (by the browser's own headers). */
export function isCrossSite(request: FastifyRequest, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (allowedOrigins.has(origin)) return false;
    // Same origin: the page was served by this host (the dev server's proxy keeps the Host).
    const host = hostOf(origin);
    return host === null || host !== request.host;
  }
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

export const crossSitePlugin = fp(
  (app: FastifyInstance, _options, done) => {
    const allowed = new Set([
      new URL(app.config.publicUrl).origin,
      ...app.config.corsAllowedOrigins,
    ]);
    app.addHook('onRequest', (request, _reply, next) => {
      if (
        SAFE_METHODS.has(request.method) ||
        request.headers.cookie === undefined ||
        request.headers.authorization !== undefined ||
        !isCrossSite(request, allowed)
      ) {
        next();
        return;
      }
      next(
        new AppError('cross_site_request', {
          message: 'A request that changes data with cookies must come from the app’s own pages',
        }),
      );
    });
    done();
  },
  { name: 'cross-site', dependencies: ['errors'] },
);
