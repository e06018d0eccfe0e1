// Regenerates packages/shared/src/identity/hk-phone-metadata.json: libphonenumber-js's `max`
// metadata (the kind that tells mobile from fixed line) cut down to Hong Kong (+852), so the
// phone rules weigh ~1.4 KB of metadata instead of the whole world's (issue 16, decision 148).
// Run after upgrading libphonenumber-js:   node scripts/hk-phone-metadata.mjs
// (hk-phone.test.ts fails while the committed file differs from what this writes.)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'packages/shared/package.json'));

/** The max metadata with Hong Kong's entries only. */
export function hkOnlyMetadata() {
  const max = JSON.parse(
    readFileSync(require.resolve('libphonenumber-js/metadata.max.json'), 'utf8'),
  );
  return {
    version: max.version,
    country_calling_codes: { 852: max.country_calling_codes['852'] },
    countries: { HK: max.countries.HK },
    nonGeographic: {},
  };
}

export const METADATA_FILE = path.join(root, 'packages/shared/src/identity/hk-phone-metadata.json');

if (process.argv[1] === import.meta.filename) {
  writeFileSync(METADATA_FILE, `${JSON.stringify(hkOnlyMetadata())}\n`);
  console.log(`wrote ${path.relative(root, METADATA_FILE)}`);
}
