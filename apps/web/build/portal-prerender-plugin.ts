// Build step of the portal's own build (decision 211): after the bundle is written, the portal's
// static shell (src/portal-prerender.tsx, run here in Node through Vite's SSR loader) is put into
// the built portal/index.html once per language, as dist/portal/prerendered/<lang>.html; the
// server sends the one of the visitor's language for every portal address
// (apps/server/src/plugins/spa.ts). Runs before the portal's precompression step.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { prerenderServer } from './prerender-plugin';
import { holdScriptsUntilPainted } from './scripts-after-first-paint';

import type { PortalShell } from '../src/portal-prerender';

type Language = 'en' | 'zh-HK';
const LANGUAGES: [Language, prefix: string][] = [
  ['en', 'en'],
  ['zh-HK', 'zh-hk'],
];

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** portal/index.html with the shell in it: language, title, style, #root's content. */
export function portalShellHtml(indexHtml: string, shell: PortalShell): string {
  const replacements: [RegExp | string, string][] = [
    [/<html lang="[^"]*">/, `<html lang="${shell.htmlLang}">`],
    [/<title>[^<]*<\/title>/, `<title>${escapeHtml(shell.title)}</title>`],
    ['</head>', `${shell.style}</head>`],
    ['<div id="root"></div>', `<div id="root">${shell.markup}</div>`],
  ];
  let html = indexHtml;
  for (const [from, to] of replacements) {
    if (typeof from === 'string' ? !html.includes(from) : !from.test(html)) {
      throw new Error(`portal/index.html has no ${String(from)} to prerender into`);
    }
    html = html.replace(from, to);
  }
  // The portal's bar, navigation and footer are its largest paint (decision 228).
  return holdScriptsUntilPainted(html);
}

export function portalPrerenderPlugin(): Plugin {
  let root = '';
  let portalDir = '';
  return {
    name: 'clinicpass:portal-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      portalDir = path.resolve(config.root, config.build.outDir, 'portal');
    },
    closeBundle: {
      // Before the precompression step (order 'post').
      order: 'pre',
      async handler() {
        const indexHtml = readFileSync(path.join(portalDir, 'index.html'), 'utf8');
        const server = await prerenderServer(root);
        try {
          const module = (await server.ssrLoadModule('/src/portal-prerender.tsx')) as {
            prerenderPortal: (language: Language) => Promise<PortalShell>;
          };
          mkdirSync(path.join(portalDir, 'prerendered'), { recursive: true });
          for (const [language, prefix] of LANGUAGES) {
            const shell = await module.prerenderPortal(language);
            writeFileSync(
              path.join(portalDir, 'prerendered', `${prefix}.html`),
              portalShellHtml(indexHtml, shell),
            );
          }
        } finally {
          await server.close();
        }
        this.info(`prerendered the portal's shell in ${LANGUAGES.length} languages`);
      },
    },
  };
}
