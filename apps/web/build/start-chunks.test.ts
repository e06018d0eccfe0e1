import { describe, expect, it } from 'vitest';

import { parseSync } from 'vite';

import { linksOfProgram, startChunkNames, type ModuleLinks } from './start-chunks';

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

  it('puts each module in the chunk of the first step that reaches it', async () => {
    expect(Object.fromEntries(await startChunkNames(modules, steps))).toEqual({
      '/nm/react-dom/client.js': 'start-1',
      '/nm/react/index.js': 'start-1',
      '/app/src/lib/theme.ts': 'start-2',
      '/nm/mui/index.js': 'start-2',
      '/app/src/app/router.tsx': 'start-3',
      '/app/src/schemas.ts': 'start-3',
    });
  });

  it('leaves the entry’s own modules and what only lazy routes import to the bundler', async () => {
    const names = await startChunkNames(modules, steps);
    for (const id of ['/app/src/main.tsx', '/nm/zod/index.js', '/app/src/page.tsx']) {
      expect(names.has(id), id).toBe(false);
    }
    expect(names.has('/app/src/page-only.ts')).toBe(false);
  });

  it('fails the build when a step is no longer one of the start’s imports', async () => {
    await expect(startChunkNames(modules, [...steps, 'src/app/boot-services.ts'])).rejects.toThrow(
      /no step importing "src\/app\/boot-services.ts"/,
    );
  });
});

describe('the start’s chunks follow what the code takes (decision 315)', () => {
  // theme takes `createTheme` from the styles index, which re-exports it and
  // `enhanceHighContrast`; only the latter imports the input's classes, which import the input.
  // The form page (lazy) imports the input itself.
  const modules = graph({
    '/app/src/main.tsx': { entry: true, imports: ['/app/src/app/boot.ts'] },
    '/app/src/app/boot.ts': { dynamic: ['/app/src/lib/theme.ts', '/app/src/app/router.tsx'] },
    '/app/src/lib/theme.ts': { imports: ['/nm/mui/styles/index.js'] },
    '/nm/mui/styles/index.js': {
      imports: ['/nm/mui/styles/createTheme.js', '/nm/mui/styles/enhanceHighContrast.js'],
    },
    '/nm/mui/styles/createTheme.js': { imports: ['/nm/mui/utils.js'] },
    '/nm/mui/styles/enhanceHighContrast.js': { imports: ['/nm/mui/inputClasses.js'] },
    '/nm/mui/inputClasses.js': { imports: ['/nm/mui/InputBase.js'] },
    '/nm/mui/InputBase.js': {},
    '/nm/mui/utils.js': {},
    '/app/src/app/router.tsx': { dynamic: ['/app/src/form-page.tsx'] },
    '/app/src/form-page.tsx': { imports: ['/nm/mui/InputBase.js'] },
  });
  const code: Record<string, string> = {
    '/app/src/lib/theme.ts':
      "import { createTheme } from './styles'; export const t = createTheme();",
    '/nm/mui/styles/index.js': [
      "export { default as createTheme } from './createTheme';",
      "export { default as enhanceHighContrast } from './enhanceHighContrast';",
    ].join('\n'),
    '/nm/mui/styles/createTheme.js': "import u from 'utils'; export default () => u;",
    '/nm/mui/styles/enhanceHighContrast.js': "import c from 'inputClasses'; export default c;",
  };
  const targets: Record<string, string> = {
    './styles': '/nm/mui/styles/index.js',
    './createTheme': '/nm/mui/styles/createTheme.js',
    './enhanceHighContrast': '/nm/mui/styles/enhanceHighContrast.js',
    utils: '/nm/mui/utils.js',
    inputClasses: '/nm/mui/inputClasses.js',
  };
  const linksOf = async (id: string): Promise<ModuleLinks | null> => {
    const source = code[id];
    if (source === undefined) return null;
    return linksOfProgram(parseSync(id, source, { lang: 'js' }).program, (specifier) =>
      Promise.resolve(targets[specifier] ?? null),
    );
  };

  it('claims what a re-export gives only when the start takes its name', async () => {
    const names = await startChunkNames(
      modules,
      ['src/lib/theme.ts', 'src/app/router.tsx'],
      linksOf,
    );
    expect(Object.fromEntries(names)).toEqual({
      '/app/src/lib/theme.ts': 'start-1',
      '/nm/mui/styles/index.js': 'start-1',
      '/nm/mui/styles/createTheme.js': 'start-1',
      '/nm/mui/utils.js': 'start-1',
      '/app/src/app/router.tsx': 'start-2',
    });
  });

  it('claims every re-export of a module read whole', async () => {
    code['/app/src/lib/theme.ts'] = "import * as styles from './styles'; export const s = styles;";
    const names = await startChunkNames(
      modules,
      ['src/lib/theme.ts', 'src/app/router.tsx'],
      linksOf,
    );
    expect(names.get('/nm/mui/InputBase.js')).toBe('start-1');
  });
});
