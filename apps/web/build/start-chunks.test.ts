import { describe, expect, it } from 'vitest';

import { startChunkNames } from './start-chunks';

interface Node {
  imports?: string[];
  dynamic?: string[];
  entry?: boolean;
}

/** A module graph as the bundler's plugin context shows it. */
function graph(nodes: Record<string, Node>) {
  return {
    getModuleIds: () => Object.keys(nodes)[Symbol.iterator](),
    getModuleInfo: (id: string) => {
      const node = nodes[id];
      if (node === undefined) return null;
      return {
        isEntry: node.entry === true,
        importedIds: node.imports ?? [],
        dynamicallyImportedIds: node.dynamic ?? [],
      };
    },
  };
}

describe('the start’s chunks (decision 227)', () => {
  // main → boot, zod; boot ⇢ react-dom/client, src/lib/theme.ts; main ⇢ src/app/router.tsx.
  // theme → mui → react; react-dom/client → react; router → mui, schemas → zod; router ⇢ page
  // (a lazy route), page → page-only.
  const modules = graph({
    '/app/src/main.tsx': {
      entry: true,
      imports: ['/app/src/app/boot.ts', '/nm/zod/index.js'],
      dynamic: ['/app/src/app/router.tsx'],
    },
    '/app/src/app/boot.ts': {
      dynamic: ['/nm/react-dom/client.js', '/app/src/lib/theme.ts'],
    },
    '/nm/zod/index.js': {},
    '/nm/react-dom/client.js': { imports: ['/nm/react/index.js'] },
    '/nm/react/index.js': {},
    '/app/src/lib/theme.ts': { imports: ['/nm/mui/index.js'] },
    '/nm/mui/index.js': { imports: ['/nm/react/index.js'] },
    '/app/src/app/router.tsx': {
      imports: ['/nm/mui/index.js', '/app/src/schemas.ts'],
      dynamic: ['/app/src/page.tsx'],
    },
    '/app/src/schemas.ts': { imports: ['/nm/zod/index.js'] },
    '/app/src/page.tsx': { imports: ['/app/src/page-only.ts'] },
    '/app/src/page-only.ts': {},
  });
  const steps = ['react-dom/client.js', 'src/lib/theme.ts', 'src/app/router.tsx'];

  it('puts each module in the chunk of the first step that reaches it', () => {
    expect(Object.fromEntries(startChunkNames(modules, steps))).toEqual({
      '/nm/react-dom/client.js': 'start-1',
      '/nm/react/index.js': 'start-1',
      '/app/src/lib/theme.ts': 'start-2',
      '/nm/mui/index.js': 'start-2',
      '/app/src/app/router.tsx': 'start-3',
      '/app/src/schemas.ts': 'start-3',
    });
  });

  it('leaves the entry’s own modules and what only lazy routes import to the bundler', () => {
    const names = startChunkNames(modules, steps);
    for (const id of ['/app/src/main.tsx', '/nm/zod/index.js', '/app/src/page.tsx']) {
      expect(names.has(id), id).toBe(false);
    }
    expect(names.has('/app/src/page-only.ts')).toBe(false);
  });

  it('fails the build when a step is no longer one of the start’s imports', () => {
    expect(() => startChunkNames(modules, [...steps, 'src/app/boot-services.ts'])).toThrow(
      /no step importing "src\/app\/boot-services.ts"/,
    );
  });
});
