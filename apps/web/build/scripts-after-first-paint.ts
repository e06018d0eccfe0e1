// Build step of issue 16 (decisions 215, 228), for both entries (member app and portal): the
// page's first paint is its prerendered shell (decisions 179, 211), which needs no script. So the
// page asks for its scripts only once that shell is painted: the entry's module script and its
// modulepreloads are held in a `<template>` (inert: nothing in it is fetched or run), and
// public/start-after-paint.js, a deferred classic script, puts them into the page after the first
// frame. Before, they were asked for while the page loaded, at low priority (decision 215); a
// slow network then carried ~200 KiB of scripts before the shell's paint could count as done:
// Lighthouse's simulation counts every request that has ended before the largest paint as
// needed for it (~3 s on its slow 4G for a paint that needs no script). Scripts the app loads
// later (route chunks, with Vite's own preloads) are asked for as before.
import type { IndexHtmlTransformContext, Plugin } from 'vite';

/** The element holding the page's scripts until its first paint. */
export const HELD_SCRIPTS_ID = 'cp-start';
/** The public script that starts them (public/start-after-paint.js). */
export const START_AFTER_PAINT = '/start-after-paint.js';

const ENTRY_TAGS = /\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;

/**
 * Moves the entry's module script and modulepreloads into `<template id="cp-start">` at the end
 * of the body, and adds the deferred script that starts them after the first paint, after the
 * page's other deferred scripts (zod's setting, which must run before any module).
 */
export function holdScriptsUntilPainted(html: string): string {
  const held: string[] = [];
  const rest = html.replace(ENTRY_TAGS, (_, tag: string) => {
    held.push(tag);
    return '';
  });
  if (!held.some((tag) => tag.startsWith('<script'))) {
    throw new Error('index.html has no module script to start after the first paint');
  }
  const starter = `<script defer src="${START_AFTER_PAINT}"></script>`;
  const lastDeferred = rest.lastIndexOf('<script defer');
  const headEnd = rest.indexOf('</head>');
  const at = lastDeferred === -1 ? headEnd : rest.indexOf('</script>', lastDeferred) + 9;
  const withStarter = `${rest.slice(0, at)}\n    ${starter}${rest.slice(at)}`;
  const bodyEnd = withStarter.lastIndexOf('</body>');
  if (bodyEnd === -1) throw new Error('index.html has no </body> to hold the scripts before');
  const template = `<template id="${HELD_SCRIPTS_ID}">${held.join('')}</template>`;
  return `${withStarter.slice(0, bodyEnd)}${template}\n  ${withStarter.slice(bodyEnd)}`;
}

/**
 * The chunks the entry starts in steps (decision 219, `src/app/boot.ts`): the entry chunk's
 * dynamic imports and everything they import statically, minus what the page already lists.
 * Lazy routes are dynamic imports of those chunks, one level further, and are not included.
 */
export function bootChunks(context: IndexHtmlTransformContext): string[] {
  const { bundle, chunk } = context;
  if (bundle === undefined || chunk === undefined) return [];
  const seen = new Set<string>([chunk.fileName]);
  /** The chunks reached from `roots` through static imports, each once, not yet `seen`. */
  const reach = (roots: string[]): string[] => {
    const found: string[] = [];
    const pending = [...roots];
    while (pending.length > 0) {
      const name = pending.pop() as string;
      if (seen.has(name)) continue;
      seen.add(name);
      const output = bundle[name];
      if (output?.type !== 'chunk') continue;
      found.push(name);
      pending.push(...output.imports);
    }
    return found;
  };
  // What the page already lists (the entry's static imports), then the steps beyond it.
  reach(chunk.imports);
  return reach(chunk.dynamicImports);
}

/** Adds the boot steps' chunks as modulepreloads after the entry's module script. */
export function withBootPreloads(html: string, files: string[], base: string): string {
  if (files.length === 0) return html;
  const links = files
    .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`)
    .join('\n    ');
  const anchor = html.indexOf('<script type="module"');
  if (anchor === -1)
    throw new Error('index.html has no module script to add the boot chunks after');
  const end = html.indexOf('</script>', anchor) + '</script>'.length;
  return `${html.slice(0, end)}\n    ${links}${html.slice(end)}`;
}

export function scriptsAfterFirstPaint(): Plugin {
  let base = '/';
  return {
    name: 'clinicpass:scripts-after-first-paint',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    // After Vite has put the built entry and its modulepreloads into the page, and before the
    // prerender step copies the page into each shell.
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) =>
        holdScriptsUntilPainted(withBootPreloads(html, bootChunks(context), base)),
    },
  };
}
