// The product spec's text, kept in the repository at docs/spec/ (a copy of the spec folder the
// product team keeps beside the clone, ../shared/spec/). The tests read the copy, so a clean
// clone needs nothing outside itself; `npm run spec:check` also says when the copy has drifted
// from the team's folder, where that folder is present.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type SpecName = 'platform-layer.md' | 'member-app.md';
export const SPEC_NAMES: readonly SpecName[] = ['platform-layer.md', 'member-app.md'];

/** The repository's copy of a spec document, from <repo>/packages/shared/scripts/. */
export function specPath(name: SpecName): string {
  return fileURLToPath(new URL(`../../../docs/spec/${name}`, import.meta.url));
}

/** The product team's folder beside the clone (<repo>/../shared/spec/), which may be absent. */
export function upstreamSpecPath(name: SpecName): string {
  return fileURLToPath(new URL(`../../../../shared/spec/${name}`, import.meta.url));
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

/** The spec documents whose copy in docs/spec/ differs from the team's folder beside the clone. */
export function driftedSpecs(): SpecName[] {
  return SPEC_NAMES.filter(
    (name) =>
      existsSync(upstreamSpecPath(name)) &&
      readFileSync(upstreamSpecPath(name), 'utf8') !== readFileSync(specPath(name), 'utf8'),
  );
}
