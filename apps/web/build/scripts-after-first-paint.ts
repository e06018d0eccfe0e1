// Build step of issue 16 (decision 215), for both entries (member app and portal): the page's
// first paint is its prerendered shell (decisions 179, 211), which needs no script. The entry's
// module script and modulepreloads Vite put into the page are replaced by one small deferred
// script, public/app-loader.js, that asks for them once the first paint is on screen. Loaded
// with the page, they finished before its first paint (~220 KiB), and Lighthouse's simulation
// counts every script loaded before a paint as delaying it, over its slow 4G: first and largest
// paint ~3 s instead of ~1 s. The modules' order is unchanged: the entry, then its preloads.
import type { Plugin } from 'vite';

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The page with its module tags replaced by the loader (after zod-jitless, which runs first). */
export function loadModulesAfterFirstPaint(html: string): string {
  const entries = [...html.matchAll(ENTRY)].map((match) => match[1]);
  const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1]);
  const [entry] = entries;
  if (entries.length !== 1 || entry === undefined) {
    throw new Error(`index.html has ${entries.length} module scripts, expected the one entry`);
  }
  const modules = [entry, ...preloads].join(' ');
  const loader = `<script defer src="/app-loader.js" data-modules="${modules}"></script>`;
  const withoutModules = html.replace(ENTRY, '').replace(PRELOAD, '');
  const jitless = '<script defer src="/zod-jitless.js"></script>';
  if (!withoutModules.includes(jitless)) throw new Error(`index.html has no ${jitless}`);
  return withoutModules.replace(jitless, `${jitless}\n    ${loader}`);
}

export function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'clinicpass:scripts-after-first-paint',
    apply: 'build',
    // After Vite has put the built entry and its modulepreloads into the page, and before the
    // prerender step copies the page into each shell.
    transformIndexHtml: { order: 'post', handler: loadModulesAfterFirstPaint },
  };
}
