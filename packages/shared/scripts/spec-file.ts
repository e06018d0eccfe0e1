// For `npm run spec:extract` / `spec:check` only: the spec's text, read from the folder beside
// the clone. Nothing in `npm test` or `npm start` reads it (the tests read spec-extract.json).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The spec folder beside the clone, from <repo>/packages/shared/scripts/. */
export function specPath(name: 'platform-layer.md' | 'member-app.md'): string {
  return fileURLToPath(new URL(`../../../../shared/spec/${name}`, import.meta.url));
}

export const PLATFORM_SPEC_PATH = specPath('platform-layer.md');

/** A spec's markdown (the platform spec by default); throws naming the expected path when the file is absent. */
export function readPlatformSpec(path: string = PLATFORM_SPEC_PATH): string {
  if (!existsSync(path)) {
    throw new Error(
      `A spec file is missing: expected it at ${path} ` +
        '(<repo>/../shared/spec/). spec:extract and spec:check need it.',
    );
  }
  return readFileSync(path, 'utf8');
}

/** The member-app spec's markdown; throws naming the expected path when the file is absent. */
export function readMemberAppSpec(): string {
  return readPlatformSpec(specPath('member-app.md'));
}

/** Whether both spec documents are beside this clone (`<repo>/../shared/spec/`). */
export function specFilesPresent(): boolean {
  return existsSync(PLATFORM_SPEC_PATH) && existsSync(specPath('member-app.md'));
}
