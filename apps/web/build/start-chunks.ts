// Build step of issue 16 (decision 227): one chunk per step of the entry's start (decision 219,
// `src/app/boot.ts`) instead of ~45 small ones. Left to itself the bundler splits the start's
// modules by which lazy routes also import them, so the first load asked for 51 files. Each
// request is work for the browser's own processes, the network service and the server, on the
// same cores as the page's main thread while it evaluates the start: the main thread's tasks
// took several times their CPU time. Here every module the start loads goes into the chunk of
// the first step that reaches it, which is where it is evaluated anyway: the steps and their
// order are unchanged, only the files are fewer. Modules only lazy routes import are untouched.
import type { Plugin } from 'vite';

interface ModuleInfo {
  isEntry: boolean;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): ModuleInfo | null;
}

/**
 * The chunk name of each module the start loads: the entries' static closure stays in the
 * entry chunk (not listed); then each step, in the order the start takes them (`steps`: how
 * each step's module id ends), claims what its static closure reaches that no earlier step has.
 * Throws when a step is not a dynamic import of the entry's modules (boot.ts changed).
 */
export function startChunkNames(graph: ModuleGraph, steps: readonly string[]): Map<string, string> {
  const claimed = new Set<string>();
  const close = (root: string): string[] => {
    const added: string[] = [];
    const pending = [root];
    while (pending.length > 0) {
      const id = pending.pop() as string;
      if (claimed.has(id)) continue;
      const info = graph.getModuleInfo(id);
      if (info === null) continue;
      claimed.add(id);
      added.push(id);
      pending.push(...info.importedIds);
    }
    return added;
  };
  const entries = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry);
  const entryClosure = entries.flatMap(close);
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
    for (const id of close(root)) names.set(id, name);
  }
  return names;
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
    buildEnd() {
      names = startChunkNames(this, steps);
    },
  };
}
