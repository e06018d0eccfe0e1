// Files the server reads at run time (migrations, reference data) live in the package folder.
// The same code runs from `src/` (tsx, tests) and from the bundled `dist/`, so paths are found
// from the package root rather than from the current file.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

let root: string | undefined;

/** Absolute path of the server package folder (the one whose package.json is @clinicpass/server). */
export function serverRoot(): string {
  if (root !== undefined) return root;
  let dir = import.meta.dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@clinicpass/server') return (root = dir);
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('server package folder not found');
    dir = parent;
  }
}

/** A path inside the server package, e.g. `serverFile('drizzle')`. */
export function serverFile(...segments: string[]): string {
  return path.join(serverRoot(), ...segments);
}
