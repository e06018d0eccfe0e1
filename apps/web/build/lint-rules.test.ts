// The lint rules of issue 36 (decisions 270, 271, 310) fail where they should: ESLint, with the
// repository's own configuration, on sample files written for the test into the places they
// guard (and removed after). One ESLint run lints them all: a type-aware run takes a while.
import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslintBin = path.join(repoRoot, 'node_modules/eslint/bin/eslint.js');

// The refused prefix, spelt so that a search of the sources for it finds only real uses.
const UNSAFE = 'UNSAFE' + '_';

/** Each sample: where it is linted (from the repository's root) and its source. */
const SAMPLES = {
  webUnsafe: [
    'apps/web/src/lib/lint-sample-unsafe.ts',
    `import { ${UNSAFE}createBrowserHistory } from 'react-router';\n\nexport const history = ${UNSAFE}createBrowserHistory();\n`,
  ],
  serverUnsafe: [
    'apps/server/src/lint-sample-unsafe.ts',
    `import * as router from 'react-router';\n\nexport const history = router.${UNSAFE}createBrowserHistory;\n`,
  ],
  sharedPrivate: [
    'packages/shared/src/lint-sample-private.ts',
    "const options: { _privateState?: string } = {};\noptions._privateState = 'optimistic';\n\nexport { options };\n",
  ],
  webServerSrc: [
    'apps/web/src/lib/lint-sample-server.ts',
    "import { freePort } from '../../../server/src/db/embedded';\n\nexport { freePort };\n",
  ],
  journeyServerSrc: [
    'apps/web/e2e/lint-sample-server.ts',
    "import { freePort } from '../../server/src/db/embedded';\n\nexport { freePort };\n",
  ],
  journeyServerTest: [
    'apps/web/e2e/lint-sample-server-test.ts',
    "import { startDsnStandIn } from '../../server/test/dsn-stand-in';\n\nexport { startDsnStandIn };\n",
  ],
  journeyTestSupport: [
    'apps/web/e2e/lint-sample-test-support.ts',
    "import { freePort } from '@clinicpass/server/test-support';\n\nexport { freePort };\n",
  ],
  pluginModule: [
    'apps/server/src/plugins/lint-sample-module.ts',
    "import { IdentityService } from '../modules/identity/identity.service';\n\nexport { IdentityService };\n",
  ],
} as const;
type Sample = keyof typeof SAMPLES;

interface LintMessage {
  ruleId: string | null;
  message: string;
}

const files = Object.values(SAMPLES).map(([relative]) => path.join(repoRoot, relative));
const reports = new Map<string, LintMessage[]>();

beforeAll(async () => {
  await Promise.all(
    Object.values(SAMPLES).map(([relative, source]) =>
      writeFile(path.join(repoRoot, relative), source),
    ),
  );
  // ESLint exits with 1 when it reports errors; its JSON report is on stdout either way.
  const stdout = await promisify(execFile)(
    process.execPath,
    [eslintBin, '--format', 'json', ...files],
    { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 },
  ).then(
    (result) => result.stdout,
    (error: unknown) => (error as { stdout: string }).stdout,
  );
  for (const report of JSON.parse(stdout) as { filePath: string; messages: LintMessage[] }[]) {
    reports.set(report.filePath, report.messages);
  }
}, 600_000);

afterAll(async () => {
  await Promise.all(files.map((file) => rm(file, { force: true })));
});

const messagesOf = (sample: Sample) => reports.get(path.join(repoRoot, SAMPLES[sample][0])) ?? [];
const rulesOf = (sample: Sample) => messagesOf(sample).map((message) => message.ruleId);
const refusal = (text: string): unknown =>
  expect.objectContaining({
    ruleId: 'no-restricted-syntax',
    message: expect.stringContaining(text),
  });

describe('lint: public APIs of libraries only (decision 270)', () => {
  it("refuses importing a library's unsafe export, in the web and in the server", () => {
    expect(messagesOf('webUnsafe')).toContainEqual(refusal(`${UNSAFE} export`));
    expect(messagesOf('serverUnsafe')).toContainEqual(refusal(`${UNSAFE} export`));
  });

  it("refuses reading or writing a library object's private field", () => {
    expect(messagesOf('sharedPrivate')).toContainEqual(refusal('private field'));
  });
});

describe("lint: the web never imports the server's source (decision 271)", () => {
  it('refuses it in the app and in the browser journeys', () => {
    expect(rulesOf('webServerSrc')).toContain('import-x/no-restricted-paths');
    expect(rulesOf('journeyServerSrc')).toContain('import-x/no-restricted-paths');
  });

  it("refuses a journey importing the server's tests", () => {
    expect(rulesOf('journeyServerTest')).toContain('import-x/no-restricted-paths');
  });

  it('allows the test-support entry', () => {
    // Linted for real: no parsing or project error (those have no rule).
    expect(reports.has(path.join(repoRoot, SAMPLES.journeyTestSupport[0]))).toBe(true);
    expect(rulesOf('journeyTestSupport')).not.toContain(null);
    expect(rulesOf('journeyTestSupport')).not.toContain('import-x/no-restricted-paths');
    expect(rulesOf('journeyTestSupport')).not.toContain('no-restricted-imports');
  });
});

describe('lint: the server plugins import no module (decision 310)', () => {
  it('refuses a plugin importing a module', () => {
    expect(messagesOf('pluginModule')).toContainEqual(
      expect.objectContaining({
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining('plugins/ import no module'),
      }),
    );
  });
});
