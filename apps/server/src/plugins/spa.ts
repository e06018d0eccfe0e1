// Serves the built SPA. Unknown paths under the API areas answer JSON 404; any other GET that
// accepts HTML gets index.html so the client router can show the page (or its 404 page), or,
// for the pages the web build prerendered (dist/prerendered/pages.json, decision 179), that
// page's static shell, which paints before any JavaScript runs.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { SHELL_HEADERS } from '@clinicpass/shared/constants';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { LANGUAGE_PREFIXES, LANGUAGES, type Language } from '@clinicpass/shared/i18n/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readCookie } from '../lib/cookies';
import { withClientConfig } from './client-config';
import { isApiPath, requestLanguage, sendError } from './errors';

interface PrerenderedPage {
  pattern: RegExp;
  /** Only for an address without a query, only with one, or either (absent). */
  query?: 'without' | 'with';
  /**
   * Only to a request without this cookie: a member page's address on a device holding no member
   * gets the member card form's shell, where the app sends it (decision 232).
   */
  withoutCookie?: string;
  html: string;
}

/** The prerendered shells the web build wrote, read once (none when there are none). */
function readPrerenderedPages(webDistDir: string): PrerenderedPage[] {
  const list = path.join(webDistDir, 'prerendered', 'pages.json');
  if (!existsSync(list)) return [];
  const entries = JSON.parse(readFileSync(list, 'utf8')) as {
    pattern: string;
    query?: 'without' | 'with';
    withoutCookie?: string;
    file: string;
  }[];
  return entries.map(({ pattern, query, withoutCookie, file }) => ({
    pattern: new RegExp(pattern),
    query,
    withoutCookie,
    html: readFileSync(path.join(webDistDir, file), 'utf8'),
  }));
}

/** Where the portal's page is served. */
const PORTAL_PATH = '/portal';

/**
 * The portal's prerendered shell per language (decision 211), else its bare page. Its routes are
 * in the hash, which the server never sees: the visitor's Accept-Language chooses.
 */
function readPortalPages(webDistDir: string): Record<Language, string> | null {
  const page = (file: string) => {
    const full = path.join(webDistDir, 'portal', file);
    return existsSync(full) ? readFileSync(full, 'utf8') : null;
  };
  const bare = page('index.html');
  if (bare === null) return null;
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      page(`prerendered/${LANGUAGE_PREFIXES[language]}.html`) ?? bare,
    ]),
  ) as Record<Language, string>;
}

export const spaPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      webDistDir: string;
      /** The help widget's phone number (the reference lists' setting, else the configured one). */
      customerServicePhone: () => Promise<string>;
    },
  ) => {
    const indexFile = path.join(options.webDistDir, 'index.html');
    const hasSpa = existsSync(indexFile);
    // The policy owner's portal (decision 194): a page of its own at /portal/, its routes in the
    // hash, so every address under /portal/ answers the portal's page.
    const portalPages = readPortalPages(options.webDistDir);
    // Read once; the runtime configuration (error reporting, help widget) is added per answer,
    // so the operator's customer service phone (decision 133) shows without a restart.
    const rawIndexHtml = hasSpa ? readFileSync(indexFile, 'utf8') : '';
    const prerendered = hasSpa ? readPrerenderedPages(options.webDistDir) : [];
    /**
     * The page's prerendered shell if it has one, else index.html; `vary`: the request headers
     * that chose it, beyond the address; `standIn`: another page's shell, sent for this address.
     */
    const pageHtml = (
      request: FastifyRequest,
    ): { html: string; vary: string | null; standIn?: boolean } => {
      const url = request.url;
      const [pathname = url, query] = url.split('?');
      if (portalPages !== null && pathname.startsWith(`${PORTAL_PATH}/`)) {
        return { html: portalPages[requestLanguage(request)], vary: 'accept-language' };
      }
      const hasQuery = query !== undefined && query !== '';
      const candidates = prerendered.filter(
        (candidate) =>
          candidate.pattern.test(pathname) &&
          (candidate.query === undefined || (candidate.query === 'with') === hasQuery),
      );
      // The service worker fetching the shells it keeps offline asks for each page's own
      // (decision 232); any other request is chosen by cookie.
      const keeping = request.headers[SHELL_HEADERS.offline] !== undefined;
      const page = candidates.find(
        ({ withoutCookie }) =>
          withoutCookie === undefined || (!keeping && readCookie(request, withoutCookie) !== '1'),
      );
      const byCookie = candidates.some(({ withoutCookie }) => withoutCookie !== undefined);
      return {
        html: page?.html ?? rawIndexHtml,
        vary: byCookie ? `cookie, ${SHELL_HEADERS.offline}` : null,
        standIn: page?.withoutCookie !== undefined,
      };
    };
    const needsPhone = app.config.helpWidget !== null;
    const indexHtml = async (html: string) =>
      withClientConfig(
        html,
        app.config,
        needsPhone
          ? await options.customerServicePhone()
          : app.config.identity.customerServicePhone,
      );
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: options.webDistDir,
        wildcard: false,
        index: false,
        // Each file's .br and .gz made at build time (apps/web/build/), chosen by Accept-Encoding.
        preCompressed: true,
        // Hashed assets never change; index.html must be re-checked on every visit.
        setHeaders: (reply, filePath) => {
          reply.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    }
    // Browsers ask for /favicon.ico by themselves when a page names no icon (a PDF opened in a
    // tab): the app's icon is an SVG, so that address leads to it rather than answer 404.
    if (existsSync(path.join(options.webDistDir, 'favicon.svg'))) {
      // Not part of the API: kept out of the OpenAPI document, which must not depend on a build.
      app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
        reply.redirect('/favicon.svg', 301),
      );
    }
    app.setNotFoundHandler(async (request, reply) => {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      const [requestPath = request.url, query] = request.url.split('?');
      if (
        portalPages !== null &&
        requestPath === PORTAL_PATH &&
        (request.method === 'GET' || request.method === 'HEAD')
      ) {
        // Its assets and hash routes are relative to /portal/.
        return reply.redirect(`${PORTAL_PATH}/${query === undefined ? '' : `?${query}`}`, 301);
      }
      if (
        hasSpa &&
        !isApiPath(request.url) &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        (wantsHtml || !path.extname(request.url.split('?')[0] ?? ''))
      ) {
        const { html, vary, standIn } = pageHtml(request);
        if (vary !== null) reply.header('vary', vary);
        // The service worker does not keep it as this address's offline shell.
        if (standIn === true) reply.header(SHELL_HEADERS.standIn, '1');
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(await indexHtml(html));
      }
      const pathname = request.url.split('?')[0] ?? request.url;
      return sendError(
        reply,
        request,
        new AppError('route_not_found', {
          message: `No route ${request.method} ${pathname}`,
        }),
      );
    });
  },
  { name: 'spa', dependencies: ['errors'] },
);
