// `npm run spec:extract`: writes packages/shared/src/platform/spec-extract.json (the lists the
// completeness tests check) from the spec in docs/spec/, formatted as the repository's Prettier
// would. `npm run spec:check` only compares, and exits 1 when the committed file is out of date.
// `npm test` checks the committed file against the spec too (enums.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { extractSpecData } from '../src/platform/spec-data';
import { readMemberAppSpec, readPlatformSpec } from './spec-file';

const target = fileURLToPath(new URL('../src/platform/spec-extract.json', import.meta.url));
const check = process.argv.includes('--check');
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
