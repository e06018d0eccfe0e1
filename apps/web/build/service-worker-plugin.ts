// Vite plugin (issue 16, decision 156): writes dist/sw.js from build/service-worker.js with the
// list of files to precache, taken from this build: the entry chunk and everything it imports,
// plus the chunks of the member-card routes (and what they import), the entry's styles, the
// public files the shell needs and the member-card pages in both languages. The version is a
// hash of that list, so every new build makes a new worker (and removes the old caches).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SHELL_HEADERS } from '@clinicpass/shared/constants';
import type { Plugin, Rollup } from 'vite';

import { START_AFTER_PAINT } from './scripts-after-first-paint';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Modules whose chunks the member-card routes need offline. */
const MEMBER_CARD_MODULES = [
  /\/src\/app\/routes\/(member-card|member-pages|not-found|oops)\.tsx$/,
  /\/src\/features\/member-card\//,
  /\/src\/locales\//,
];

const PUBLIC_FILES = [
  '/zod-jitless.js',
  START_AFTER_PAINT,
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/manifest-en.webmanifest',
  '/manifest-zh-hk.webmanifest',
];

const SHELL_PAGES = ['en', 'zh-hk'].flatMap((lang) => [
  `/${lang}/outpatient/e-card/member`,
  `/${lang}/outpatient/e-card/member/qr`,
]);

const isChunk = (file: OutputBundle[string] | undefined): file is OutputChunk =>
  file?.type === 'chunk';

const forMemberCard = (chunk: OutputChunk) =>
  chunk.moduleIds.some((id) => MEMBER_CARD_MODULES.some((pattern) => pattern.test(id)));

/** The files of the member-card shell in this bundle, as absolute paths. */
export function precacheList(bundle: OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!isChunk(chunk) || files.has(fileName)) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(imported);
    for (const dynamic of chunk.dynamicImports) {
      const target = bundle[dynamic];
      if (isChunk(target) && forMemberCard(target)) visit(dynamic);
    }
  };
  for (const file of Object.values(bundle)) {
    if (isChunk(file) && file.isEntry) visit(file.fileName);
  }
  return [...files].sort().map((file) => `/${file}`);
}

export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'clinicpass-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const precache = [...precacheList(bundle), ...PUBLIC_FILES];
      const version = createHash('sha256')
        .update(JSON.stringify(precache))
        .digest('hex')
        .slice(0, 16);
      const template = readFileSync(path.join(import.meta.dirname, 'service-worker.js'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template
          .replace("= '__VERSION__';", `= ${JSON.stringify(version)};`)
          .replace('= __PRECACHE__;', `= ${JSON.stringify(precache)};`)
          .replace('= __SHELL_PAGES__;', `= ${JSON.stringify(SHELL_PAGES)};`)
          .replace('= __SHELL_HEADERS__;', `= ${JSON.stringify(SHELL_HEADERS)};`),
      });
    },
  };
}
