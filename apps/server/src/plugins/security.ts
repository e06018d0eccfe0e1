// Security headers. The CSP is strict for the SPA: scripts only from our origin, no eval, no
// third-party hosts. Styles allow 'unsafe-inline' because emotion (MUI) injects style elements.
// Two configured services widen it, each by its own origin and only when configured: the error
// reporting DSN (the web sends reports there: connect-src) and the help widget (its script,
// the frames, images and calls it makes from its origin).
//
// Helmet writes the headers; no header depends on the request (no nonces), so they are written
// once at start-up and every reply gets the same set. Running Helmet per request (as
// @fastify/helmet does) rebuilt the policy string each time: 13 % of the bare route's CPU.
import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { isApiPath } from './errors';
import { requestPath } from './request-path';

/** HSTS lifetime when PUBLIC_URL is https: one year. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
} as const;

type Directives = Record<keyof typeof CONTENT_SECURITY_POLICY, string[] | null>;

/** The policy for this configuration: the strict base plus the configured services' origins. */
export function contentSecurityPolicy(
  config: Pick<Config, 'errorReporting' | 'helpWidget'>,
): Directives {
  const directives: Directives = {
    ...Object.fromEntries(
      Object.entries(CONTENT_SECURITY_POLICY).map(([name, value]) => [
        name,
        value === null ? null : [...value],
      ]),
    ),
  } as Directives;
  if (config.errorReporting !== null) {
    directives.connectSrc?.push(new URL(config.errorReporting.dsn).origin);
  }
  if (config.helpWidget !== null) {
    const origin = new URL(config.helpWidget.scriptUrl).origin;
    for (const name of ['scriptSrc', 'connectSrc', 'imgSrc', 'frameSrc', 'fontSrc'] as const) {
      directives[name]?.push(origin);
    }
  }
  return directives;
}

/** The headers Helmet sets for these options, written once: name (lower case) → value. */
function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)(
    new IncomingMessage(new Socket()),
    response as unknown as ServerResponse,
    // Helmet 8 throws a bad option at once; it no longer hands errors to `next`.
    () => undefined,
  );
  return Object.fromEntries(headers);
}

export const securityPlugin = fp(
  (app: FastifyInstance, _options, done) => {
    const headers = securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config) },
      // On a laptop the app is plain http; with an https PUBLIC_URL browsers are told to keep
      // to https for a year (decision 138).
      strictTransportSecurity: app.config.https
        ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (_request, reply, next) => {
      reply.headers(headers);
      next();
    });
    // API answers may be personal (policies, tickets, a member look-up) or depend on the
    // caller's cookies: no cache keeps them unless a route says otherwise (decision 138).
    app.addHook('onSend', (request, reply, _payload, next) => {
      if (!reply.hasHeader('cache-control') && isApiPath(requestPath(request))) {
        void reply.header('cache-control', 'no-store');
      }
      next();
    });
    done();
  },
  { name: 'security' },
);
