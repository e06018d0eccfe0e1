// `npm run spec:extract`: copies the product team's spec folder beside the clone (when present)
// into docs/spec/, then writes packages/shared/src/platform/spec-extract.json (the lists the
// completeness tests check) from that copy, formatted as the repository's Prettier would.
// `npm run spec:check` only compares, and exits 1 when the copy or the committed file is out of
// date. `npm test` checks the committed file against the copy (enums.test.ts).
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { extractSpecData } from '../src/platform/spec-data';
import {
  driftedSpecs,
  readMemberAppSpec,
  readPlatformSpec,
  specPath,
  upstreamSpecPath,
} from './spec-file';

const target = fileURLToPath(new URL('../src/platform/spec-extract.json', import.meta.url));
const check = process.argv.includes('--check');
const drifted = driftedSpecs();
if (check && drifted.length > 0) {
  console.log(
    `docs/spec/ differs from the team's folder for ${drifted.join(', ')}: run npm run spec:extract.`,
  );
  process.exit(1);
}
for (const name of drifted) {
  if (existsSync(upstreamSpecPath(name))) copyFileSync(upstreamSpecPath(name), specPath(name));
  console.log(`Copied ${upstreamSpecPath(name)} to docs/spec/.`);
}
const data = extractSpecData(readPlatformSpec(), readMemberAppSpec());
const options = (await resolveConfig(target)) ?? {};
const text = await format(JSON.stringify(data), { ...options, parser: 'json' });
if (check) {
  const same = readFileSync(target, 'utf8') === text;
  console.log(
    same ? `${target} matches the spec.` : `${target} is out of date: run npm run spec:extract.`,
  );
  process.exit(same ? 0 : 1);
}
writeFileSync(target, text);
console.log(
  `Wrote ${target}: ${data.enumerations.lists.length} lists, ${data.validationCodes.codes.length} validation codes, ` +
    `${data.callPaths.platform.length + data.callPaths.memberApp.length} call paths.`,
);
