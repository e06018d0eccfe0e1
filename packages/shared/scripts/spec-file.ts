// The product spec's text, kept in the repository at docs/spec/ (the product team's documents,
// copied in when they change). The tests and `npm run spec:extract` / `spec:check` read this
// copy only, so a clean clone needs nothing outside itself.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type SpecName = 'platform-layer.md' | 'member-app.md';

/** The repository's copy of a spec document, from <repo>/packages/shared/scripts/. */
export function specPath(name: SpecName): string {
  return fileURLToPath(new URL(`../../../docs/spec/${name}`, import.meta.url));
}

export const PLATFORM_SPEC_PATH = specPath('platform-layer.md');

/** A spec's markdown (the platform spec by default); throws naming the expected path when the file is absent. */
export function readPlatformSpec(path: string = PLATFORM_SPEC_PATH): string {
  if (!existsSync(path)) {
    throw new Error(`A spec file is missing: expected it at ${path} (<repo>/docs/spec/).`);
  }
  return readFileSync(path, 'utf8');
}

/** The member-app spec's markdown; throws naming the expected path when the file is absent. */
export function readMemberAppSpec(): string {
  return readPlatformSpec(specPath('member-app.md'));
}
