// Build step of issue 16 (decision 215), for both entries (member app and portal): the page's
// first paint is its prerendered shell (decisions 179, 211), which needs no script. The entry's
// module script and its modulepreloads are asked for at low fetch priority, so the browser treats
// them as what they are, not needed for the first paint; at Chrome's default high priority
// Lighthouse's simulation counts every script that has loaded before the first paint as blocking
// it, ~220 KiB over its slow 4G (simulated first paint ~3 s instead of ~1 s). Their order is
// unchanged (module scripts run in document order after parsing). Scripts the app loads later
// (route chunks, with Vite's own preloads) keep their priority: the page waits for them.
import type { IndexHtmlTransformContext, Plugin } from 'vite';

const LOW = 'fetchpriority="low"';

/** Adds `fetchpriority="low"` to the entry's module script and modulepreload links. */
export function lowPriorityEntryScripts(html: string): string {
  const result = html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    `<$1 ${LOW}`,
  );
  if (!result.includes(`<script type="module" ${LOW}`)) {
    throw new Error('index.html has no module script to load after the first paint');
  }
  return result;
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
