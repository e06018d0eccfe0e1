import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';

import {
  bootChunks,
  HELD_SCRIPTS_ID,
  holdScriptsUntilPainted,
  lowPriorityEntryScripts,
  START_AFTER_PAINT,
  withBootPreloads,
} from './scripts-after-first-paint';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type Chunk = NonNullable<IndexHtmlTransformContext['chunk']>;

const chunk = (fileName: string, imports: string[], dynamicImports: string[] = []) =>
  ({ type: 'chunk', fileName, imports, dynamicImports }) as unknown as Chunk;

describe('the start steps’ chunks (decision 219)', () => {
  // entry → (static) runtime; entry ⇢ (dynamic) theme, routes; theme → mui; routes → mui, schemas;
  // routes ⇢ a lazy page, which must stay lazy.
  const entry = chunk('entry.js', ['runtime.js'], ['theme.js', 'routes.js']);
  const bundle = Object.fromEntries(
    [
      entry,
      chunk('runtime.js', []),
      chunk('theme.js', ['mui.js']),
      chunk('routes.js', ['mui.js', 'schemas.js'], ['page.js']),
      chunk('mui.js', []),
      chunk('schemas.js', ['runtime.js']),
      chunk('page.js', ['mui.js']),
    ].map((output) => [output.fileName, output]),
  ) as unknown as Bundle;
  const context = { bundle, chunk: entry } as unknown as IndexHtmlTransformContext;

  it('lists the steps and what they import, once, without what the page lists or lazy routes', () => {
    expect(bootChunks(context).sort()).toEqual(['mui.js', 'routes.js', 'schemas.js', 'theme.js']);
  });

  const page =
    '<head><script defer src="/zod-jitless.js"></script>\n' +
    '<script type="module" crossorigin src="/assets/entry.js"></script>\n' +
    '<link rel="modulepreload" crossorigin href="/assets/runtime.js"></head>' +
    '<body><div id="root"><h1>Shell</h1></div></body>';

  it('adds them after the entry script, all at low priority, with no starter', () => {
    const result = lowPriorityEntryScripts(
      withBootPreloads(page, ['theme.js', 'mui.js'], '/assets/'),
    );
    expect(result.match(/<link rel="modulepreload" fetchpriority="low"/g)).toHaveLength(3);
    expect(result).toContain('<script type="module" fetchpriority="low"');
    expect(result.indexOf('theme.js')).toBeGreaterThan(result.indexOf('entry.js'));
    expect(result).not.toContain(START_AFTER_PAINT);
  });

  it('holds a shell’s scripts until its paint, in their order, at the default priority', () => {
    const result = holdScriptsUntilPainted(
      lowPriorityEntryScripts(withBootPreloads(page, ['theme.js', 'mui.js'], '/assets/')),
    );
    const [head, body] = result.split('</head>') as [string, string];
    // Nothing the page would fetch or run as it loads, but the starter, after zod's setting.
    expect(head).not.toMatch(/type="module"|modulepreload/);
    expect(head.indexOf(START_AFTER_PAINT)).toBeGreaterThan(head.indexOf('zod-jitless.js'));
    const template = new RegExp(`<template id="${HELD_SCRIPTS_ID}">(.*)</template>`).exec(body);
    expect(body.indexOf('<template')).toBeGreaterThan(body.indexOf('</div>'));
    const held = template?.[1] ?? '';
    expect(held.match(/<link rel="modulepreload"/g)).toHaveLength(3);
    expect(held).not.toContain('fetchpriority');
    expect(held.indexOf('entry.js')).toBeLessThan(held.indexOf('theme.js'));
    expect(held).toContain('href="/assets/mui.js"');
  });

  it('refuses a page whose module script it cannot prioritise or hold', () => {
    expect(() => lowPriorityEntryScripts('<head></head><body></body>')).toThrow(/no module script/);
    expect(() => holdScriptsUntilPainted('<head></head><body></body>')).toThrow(/no module script/);
  });

  it('refuses a page without a module script rather than leaving the steps unlisted', () => {
    expect(() => withBootPreloads('<head></head>', ['theme.js'], '/')).toThrow(/no module script/);
  });
});
