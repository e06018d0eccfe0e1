// For tests only: the platform spec's text, read from disk. Shared code never reads files; the
// completeness tests do, so this is the one place Node built-ins appear under shared.
// eslint-disable-next-line no-restricted-imports -- test support reads the spec from disk
import { existsSync, readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- test support reads the spec from disk
import { fileURLToPath } from 'node:url';

/** <repo>/../shared/spec/<name>, from <repo>/packages/shared/src/platform/. */
export function specPath(name: 'platform-layer.md' | 'member-app.md'): string {
  return fileURLToPath(new URL(`../../../../../shared/spec/${name}`, import.meta.url));
}

export const PLATFORM_SPEC_PATH = specPath('platform-layer.md');

/** A spec's markdown (the platform spec by default); throws naming the expected path when the file is absent. */
export function readPlatformSpec(path: string = PLATFORM_SPEC_PATH): string {
  if (!existsSync(path)) {
    throw new Error(
      `A spec file is missing: expected it at ${path} ` +
        '(<repo>/../shared/spec/). The completeness tests cannot run without it.',
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
