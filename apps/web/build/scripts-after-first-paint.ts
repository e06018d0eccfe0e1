// Build step of issue 16 (decisions 215, 228), for both entries (member app and portal).
// - Every page: the entry's module script and its modulepreloads are asked for at low fetch
//   priority (decision 215), so Lighthouse's first paint does not count them as blocking it.
// - A prerendered shell that holds the page's largest paint (decisions 179, 211, 228): its
//   scripts are held in a `<template>` (inert: nothing in it is fetched or run), and
//   public/start-after-paint.js, a deferred classic script, puts them into the page once the
//   shell is painted. Asked for while the page loads, ~200 KiB of scripts arrived before that
//   paint, and Lighthouse's simulation counts every request ended before the largest paint as
//   needed for it (~3 s on its slow 4G for a paint that needs no script). Pages whose largest
//   paint the app draws (index.html itself, the QR page, login) keep their scripts in the head,
//   and no starter: held, or beside a starter, they would wait for its round trip.
// Scripts the app loads later (route chunks, with Vite's own preloads) are asked for as before.
import type { IndexHtmlTransformContext, Plugin } from 'vite';

/** The element holding a shell's scripts until its first paint. */
export const HELD_SCRIPTS_ID = 'cp-start';
/** The public script that starts them (public/start-after-paint.js). */
export const START_AFTER_PAINT = '/start-after-paint.js';

const LOW = ' fetchpriority="low"';
const ENTRY_TAGS = /\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;

/** Every page's part: `fetchpriority="low"` on the entry's module script and modulepreloads. */
export function lowPriorityEntryScripts(html: string): string {
  const result = html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    `<$1${LOW}`,
  );
  if (!result.includes(`<script type="module"${LOW}`)) {
    throw new Error('index.html has no module script to ask for at low priority');
  }
  return result;
}

/**
 * A shell that holds the page's largest paint: its entry script and modulepreloads moved into
 * `<template id="cp-start">` at the end of the body, at the default priority (asked for after
 * the paint, they are what the page needs next), and the starter after the page's other
 * deferred scripts (zod's setting, which must run before any module).
 */
export function holdScriptsUntilPainted(html: string): string {
  const held: string[] = [];
  let rest = html.replace(ENTRY_TAGS, (_, tag: string) => {
    held.push(tag.replace(LOW, ''));
    return '';
  });
  if (!held.some((tag) => tag.startsWith('<script'))) {
    throw new Error('the page has no module script to start after its first paint');
  }
  const lastDeferred = rest.lastIndexOf('<script defer');
  const at =
    lastDeferred === -1
      ? rest.indexOf('</head>')
      : rest.indexOf('</script>', lastDeferred) + '</script>'.length;
  rest = `${rest.slice(0, at)}\n    <script defer src="${START_AFTER_PAINT}"></script>${rest.slice(at)}`;
  const bodyEnd = rest.lastIndexOf('</body>');
  if (bodyEnd === -1) throw new Error('the page has no </body> to hold its scripts before');
  const template = `<template id="${HELD_SCRIPTS_ID}">${held.join('')}</template>`;
  return `${rest.slice(0, bodyEnd)}${template}\n  ${rest.slice(bodyEnd)}`;
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
        lowPriorityEntryScripts(withBootPreloads(html, bootChunks(context), base)),
    },
  };
}
