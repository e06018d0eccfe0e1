// For tests only: the platform spec's text, read from disk. Shared code never reads files; the
// completeness tests do, so this is the one place Node built-ins appear under shared.
// eslint-disable-next-line no-restricted-imports -- test support reads the spec from disk
import { existsSync, readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- test support reads the spec from disk
import { fileURLToPath } from 'node:url';

/** <repo>/../shared/spec/platform-layer.md, from <repo>/packages/shared/src/platform/. */
export const PLATFORM_SPEC_PATH = fileURLToPath(
  new URL('../../../../../shared/spec/platform-layer.md', import.meta.url),
);

/** The platform spec's markdown; throws naming the expected path when the file is absent. */
export function readPlatformSpec(path: string = PLATFORM_SPEC_PATH): string {
  if (!existsSync(path)) {
    throw new Error(
      `The platform spec is missing: expected it at ${path} ` +
        '(<repo>/../shared/spec/platform-layer.md). The completeness tests cannot run without it.',
    );
  }
  return readFileSync(path, 'utf8');
}
