// `npm run spec:extract`: writes packages/shared/src/platform/spec-extract.json from
// ../shared/spec/ (the lists the completeness tests check), formatted as the repository's
// Prettier would. Run it when the spec changes; spec-data.test.ts fails until you do.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { extractSpecData } from '../src/platform/spec-data';
import { readMemberAppSpec, readPlatformSpec } from '../src/platform/spec-file';

const target = fileURLToPath(new URL('../src/platform/spec-extract.json', import.meta.url));
const data = extractSpecData(readPlatformSpec(), readMemberAppSpec());
const options = (await resolveConfig(target)) ?? {};
writeFileSync(target, await format(JSON.stringify(data), { ...options, parser: 'json' }));
console.log(
  `Wrote ${target}: ${data.enumerations.lists.length} lists, ${data.validationCodes.codes.length} validation codes, ` +
    `${data.callPaths.platform.length + data.callPaths.memberApp.length} call paths.`,
);
