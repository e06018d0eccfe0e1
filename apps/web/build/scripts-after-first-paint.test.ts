import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';

import { bootChunks, lowPriorityEntryScripts, withBootPreloads } from './scripts-after-first-paint';

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

  it('adds them after the entry script, and the page then asks for all at low priority', () => {
    const html =
      '<head><script type="module" crossorigin src="/assets/entry.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/runtime.js"></head>';
    const result = lowPriorityEntryScripts(
      withBootPreloads(html, ['theme.js', 'mui.js'], '/assets/'),
    );
    expect(result.match(/<link rel="modulepreload" fetchpriority="low"/g)).toHaveLength(3);
    expect(result.indexOf('theme.js')).toBeGreaterThan(result.indexOf('entry.js'));
    expect(result).toContain('href="/assets/mui.js"');
  });

  it('refuses a page without a module script rather than leaving the steps unlisted', () => {
    expect(() => withBootPreloads('<head></head>', ['theme.js'], '/')).toThrow(/no module script/);
  });
});
