// Build step of issue 16 (decision 179): after the bundle is written, each page's static shell
// (src/app/prerender.tsx, run here in Node through Vite's SSR loader) is put into the built
// index.html, once per language, as dist/prerendered/<lang>/<page>.html, with
// dist/prerendered/pages.json telling the server which addresses each one serves
// (apps/server/src/plugins/spa.ts). Runs before the precompression step, so the pages get their
// .br and .gz too.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';

import type { PrerenderedHtml, PrerenderedPage } from '../src/app/prerender';
import { holdScriptsUntilPainted } from './scripts-after-first-paint';

type Language = 'en' | 'zh-HK';
const LANGUAGES: [Language, prefix: string][] = [
  ['en', 'en'],
  ['zh-HK', 'zh-hk'],
];

/** One entry of pages.json: an address pattern (whole path) and the file that serves it. */
export interface PrerenderedEntry {
  pattern: string;
  /** Only without a query, only with one, or either (absent). */
  query?: 'without' | 'with';
  /** Only to a request without this cookie (decision 232). */
  withoutCookie?: string;
  file: string;
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** index.html with a page's shell in it: language, title, manifest, style, #root's content. */
/** A Vite server that only loads modules for server-side rendering of the build's shells. */
export function prerenderServer(root: string) {
  return createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
}

/**
 * `afterPaint`: the shell holds the page's largest paint, so the page's scripts start once it is
 * painted (decision 228).
 */
export function pageHtml(
  indexHtml: string,
  shell: PrerenderedHtml,
  prefix: string,
  afterPaint: boolean,
): string {
  const replace = (html: string, from: string | RegExp, to: string) => {
    if (typeof from === 'string' ? !html.includes(from) : !from.test(html)) {
      throw new Error(`index.html has no ${String(from)} to prerender into`);
    }
    return html.replace(from, to);
  };
  let html = indexHtml;
  html = replace(html, /<html lang="[^"]*">/, `<html lang="${shell.htmlLang}">`);
  html = replace(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(shell.title)}</title>`);
  html = replace(html, 'href="/manifest-en.webmanifest"', `href="/manifest-${prefix}.webmanifest"`);
  html = replace(html, '</head>', `${shell.style}</head>`);
  html = replace(html, '<div id="root"></div>', `<div id="root">${shell.markup}</div>`);
  return afterPaint ? holdScriptsUntilPainted(html) : html;
}

export function prerenderPlugin(): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'clinicpass:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // Before the precompression step (order 'post').
      order: 'pre',
      async handler() {
        const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const server = await prerenderServer(root);
        const entries: PrerenderedEntry[] = [];
        try {
          const module = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
            PRERENDERED_PAGES: PrerenderedPage[];
            prerender: (page: PrerenderedPage, language: Language) => Promise<PrerenderedHtml>;
          };
          for (const [language, prefix] of LANGUAGES) {
            mkdirSync(path.join(outDir, 'prerendered', prefix), { recursive: true });
            for (const page of module.PRERENDERED_PAGES) {
              const shell = await module.prerender(page, language);
              const file = `prerendered/${prefix}/${page.name}.html`;
              writeFileSync(
                path.join(outDir, file),
                pageHtml(indexHtml, shell, prefix, page.appDrawsLargestPaint !== true),
              );
              entries.push({
                pattern: `^/${prefix}${page.pattern}/?$`,
                ...(page.query === undefined ? {} : { query: page.query }),
                ...(page.withoutCookie === undefined ? {} : { withoutCookie: page.withoutCookie }),
                file,
              });
            }
          }
        } finally {
          await server.close();
        }
        writeFileSync(
          path.join(outDir, 'prerendered', 'pages.json'),
          `${JSON.stringify(entries, null, 2)}\n`,
        );
        this.info(`prerendered ${entries.length} page shells`);
      },
    },
  };
}
