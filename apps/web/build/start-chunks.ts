// Build step of issue 16 (decision 227): one chunk per step of the entry's start (decision 219,
// `src/app/boot.ts`) instead of ~45 small ones. Left to itself the bundler splits the start's
// modules by which lazy routes also import them, so the first load asked for 51 files. Each
// request is work for the browser's own processes, the network service and the server, on the
// same cores as the page's main thread while it evaluates the start: the main thread's tasks
// took several times their CPU time. Here every module the start loads goes into the chunk of
// the first step that reaches it, which is where it is evaluated anyway: the steps and their
// order are unchanged, only the files are fewer. Modules only lazy routes import are untouched.
import { parseSync, type Plugin } from 'vite';

interface ModuleInfo {
  isEntry: boolean;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): ModuleInfo | null;
}

/** Every name of a module (a namespace import, `export * as`, or a module read whole). */
const ALL = '*';

/**
 * What a module's code imports (decision 315): the modules its own code imports, with the names
 * it takes, and its re-exports (`export { a as b } from`, `export * from`), each followed only
 * when someone takes the name it exports. Without this, a module that re-exports what the start
 * never takes put the whole of it in the start: `createTheme` from `@mui/material/styles`
 * claimed, through the index's `enhanceHighContrast`, the input components' class modules and,
 * through them, `InputBase` and `TextareaAutosize`, which only the form pages run.
 */
export interface ModuleLinks {
  imports: { id: string; names: readonly string[] }[];
  reexports: { id: string; exported: string; imported: string }[];
}

/** A module's links, or null to follow every static import it has (no code to read). */
export type LinksOf = (id: string) => Promise<ModuleLinks | null>;

const everyImport = (graph: ModuleGraph): LinksOf => {
  return (id) => {
    const info = graph.getModuleInfo(id);
    return Promise.resolve(
      info === null
        ? null
        : { imports: info.importedIds.map((to) => ({ id: to, names: [ALL] })), reexports: [] },
    );
  };
};

/**
 * The chunk name of each module the start loads: the entries' static closure stays in the
 * entry chunk (not listed); then each step, in the order the start takes them (`steps`: how
 * each step's module id ends), claims what its static closure reaches that no earlier step has.
 * The closure follows what the code takes (`linksOf`; by default every static import).
 * Throws when a step is not a dynamic import of the entry's modules (boot.ts changed).
 */
export async function startChunkNames(
  graph: ModuleGraph,
  steps: readonly string[],
  linksOf: LinksOf = everyImport(graph),
): Promise<Map<string, string>> {
  // The names asked of each module reached so far, and its links once read.
  const asked = new Map<string, Set<string>>();
  const links = new Map<string, ModuleLinks | null>();
  const close = async (root: string): Promise<string[]> => {
    const added: string[] = [];
    const pending: [id: string, names: readonly string[]][] = [[root, [ALL]]];
    while (pending.length > 0) {
      const [id, names] = pending.pop() as [string, readonly string[]];
      if (graph.getModuleInfo(id) === null) continue;
      const before = asked.get(id);
      const fresh = names.filter((name) => before?.has(name) !== true);
      if (before !== undefined && fresh.length === 0) continue;
      const now = new Set([...(before ?? []), ...fresh]);
      asked.set(id, now);
      if (!links.has(id)) links.set(id, await linksOf(id));
      const moduleLinks = links.get(id) ?? null;
      if (before === undefined) {
        added.push(id);
        if (moduleLinks === null) {
          const info = graph.getModuleInfo(id);
          for (const to of info?.importedIds ?? []) pending.push([to, [ALL]]);
        } else {
          for (const { id: to, names: taken } of moduleLinks.imports) pending.push([to, taken]);
        }
      }
      // A re-export is followed once its name is asked for (any name, for `export *`).
      for (const { id: to, exported, imported } of moduleLinks?.reexports ?? []) {
        if (exported === ALL) pending.push([to, now.has(ALL) ? [ALL] : fresh]);
        else if (now.has(ALL) || fresh.includes(exported)) pending.push([to, [imported]]);
      }
    }
    return added;
  };
  const entries = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry);
  const entryClosure: string[] = [];
  for (const entry of entries) entryClosure.push(...(await close(entry)));
  const stepImports = new Set(
    entryClosure.flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []),
  );
  const names = new Map<string, string>();
  for (const [index, step] of steps.entries()) {
    const root = [...stepImports].find((id) => id.replace(/\\/g, '/').endsWith(step));
    if (root === undefined) {
      throw new Error(`The start has no step importing "${step}" (apps/web/build/start-chunks.ts)`);
    }
    const name = `start-${index + 1}`;
    for (const id of await close(root)) names.set(id, name);
  }
  return names;
}

type Program = ReturnType<typeof parseSync>['program'];

const nameOf = (node: { type: string; name?: string; value?: unknown }): string =>
  node.type === 'Identifier' ? (node.name ?? '') : String(node.value);

/** A module's links from its code (an ESTree program); an import that does not resolve is left out. */
export async function linksOfProgram(
  program: Program,
  resolve: (source: string) => Promise<string | null>,
): Promise<ModuleLinks> {
  const links: ModuleLinks = { imports: [], reexports: [] };
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration') {
      const id = await resolve(node.source.value);
      if (id === null) continue;
      const names = node.specifiers.map((specifier) =>
        specifier.type === 'ImportSpecifier'
          ? nameOf(specifier.imported)
          : specifier.type === 'ImportDefaultSpecifier'
            ? 'default'
            : ALL,
      );
      links.imports.push({ id, names });
    } else if (node.type === 'ExportNamedDeclaration' && node.source) {
      const id = await resolve(node.source.value);
      if (id === null) continue;
      for (const specifier of node.specifiers) {
        links.reexports.push({
          id,
          exported: nameOf(specifier.exported),
          imported: nameOf(specifier.local),
        });
      }
    } else if (node.type === 'ExportAllDeclaration') {
      const id = await resolve(node.source.value);
      if (id === null) continue;
      // `export * as name from`: the whole module under one name.
      if (node.exported)
        links.reexports.push({ id, exported: nameOf(node.exported), imported: ALL });
      else links.reexports.push({ id, exported: ALL, imported: ALL });
    }
  }
  return links;
}

/** The steps `src/app/boot.ts` takes for every entry, in its order; each entry adds its routes. */
export const BOOT_STEPS = ['react-dom/client.js', 'src/lib/theme.ts', 'src/app/boot-services.ts'];

/**
 * Groups the start's modules by step. `steps` lists each step's import in the order the entry
 * takes them (module ids ending so).
 */
export function startChunks(steps: readonly string[]): Plugin {
  let names = new Map<string, string>();
  return {
    name: 'clinicpass:start-chunks',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: (id: string) => names.get(id) ?? null,
                  test: (id: string) => names.has(id),
                  priority: 10,
                  // Only the modules named: a step's dependencies that the entry itself loads
                  // (zod for the CSP setting) stay with the entry, not in the step's chunk,
                  // which the entry would then load and evaluate at once.
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    }),
    async buildEnd() {
      names = await startChunkNames(this, steps, async (id) => {
        const code = this.getModuleInfo(id)?.code;
        if (code === null || code === undefined) return null;
        // The code as transformed (JavaScript, whatever the file was).
        const { program, errors } = parseSync(id, code, { lang: 'js', sourceType: 'module' });
        if (errors.length > 0) return null;
        const resolved = new Map<string, string | null>();
        const resolve = async (source: string) => {
          if (!resolved.has(source))
            resolved.set(source, (await this.resolve(source, id))?.id ?? null);
          return resolved.get(source) ?? null;
        };
        const links = await linksOfProgram(program, resolve);
        // What the code reaches otherwise (`require` in CommonJS, an import that did not
        // resolve here) is followed whole, as before.
        const known = new Set([...links.imports, ...links.reexports].map((link) => link.id));
        for (const to of this.getModuleInfo(id)?.importedIds ?? []) {
          if (!known.has(to)) links.imports.push({ id: to, names: [ALL] });
        }
        return links;
      });
    },
  };
}
