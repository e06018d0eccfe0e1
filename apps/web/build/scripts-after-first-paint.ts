// Build step of issue 16 (decision 215), for both entries (member app and portal): the page's
// first paint is its prerendered shell (decisions 179, 211), which needs no script. The entry's
// module script and its modulepreloads are asked for at low fetch priority, so the browser treats
// them as what they are, not needed for the first paint; at Chrome's default high priority
// Lighthouse's simulation counts every script that has loaded before the first paint as blocking
// it, ~220 KiB over its slow 4G (simulated first paint ~3 s instead of ~1 s). Their order is
// unchanged (module scripts run in document order after parsing). Scripts the app loads later
// (route chunks, with Vite's own preloads) keep their priority: the page waits for them.
import type { Plugin } from 'vite';

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

export function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'clinicpass:scripts-after-first-paint',
    apply: 'build',
    // After Vite has put the built entry and its modulepreloads into the page, and before the
    // prerender step copies the page into each shell.
    transformIndexHtml: { order: 'post', handler: lowPriorityEntryScripts },
  };
}
