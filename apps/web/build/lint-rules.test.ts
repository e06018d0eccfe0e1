// The lint rules of issue 36 (decisions 270, 271) fail where they should: ESLint, with the
// repository's own configuration, on sample files written for the test into the places they
// guard (and removed after).
import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslintBin = path.join(repoRoot, 'node_modules/eslint/bin/eslint.js');
const written: string[] = [];

interface LintMessage {
  ruleId: string | null;
  message: string;
}

/** Lints `source` as the file `relative` (from the repository's root) would be linted. */
async function lint(relative: string, source: string): Promise<LintMessage[]> {
  const file = path.join(repoRoot, relative);
  written.push(file);
  await writeFile(file, source);
  // ESLint exits with 1 when it reports errors; its JSON report is on stdout either way.
  const stdout = await promisify(execFile)(
    process.execPath,
    [eslintBin, '--format', 'json', '--no-warn-ignored', file],
    { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 },
  ).then(
    (result) => result.stdout,
    (error: unknown) => (error as { stdout: string }).stdout,
  );
  const [report] = JSON.parse(stdout) as { messages: LintMessage[] }[];
  return report?.messages ?? [];
}

const rulesOf = (messages: LintMessage[]) => messages.map((message) => message.ruleId);

afterAll(async () => {
  await Promise.all(written.map((file) => rm(file, { force: true })));
});

describe('lint: public APIs of libraries only (decision 270)', () => {
  it("refuses importing a library's UNSAFE_ export, in the web and in the server", async () => {
    const web = await lint(
      'apps/web/src/lib/lint-sample-unsafe.ts',
      "import { UNSAFE_createBrowserHistory } from 'react-router';\n\nexport const history = UNSAFE_createBrowserHistory();\n",
    );
    expect(web).toContainEqual(
      expect.objectContaining({
        ruleId: 'no-restricted-syntax',
        message: expect.stringContaining('UNSAFE_ export'),
      }),
    );
    const server = await lint(
      'apps/server/src/lint-sample-unsafe.ts',
      "import * as router from 'react-router';\n\nexport const history = router.UNSAFE_createBrowserHistory;\n",
    );
    expect(server).toContainEqual(
      expect.objectContaining({
        ruleId: 'no-restricted-syntax',
        message: expect.stringContaining('UNSAFE_ export'),
      }),
    );
  }, 120_000);

  it("refuses reading or writing a library object's private field", async () => {
    const messages = await lint(
      'packages/shared/src/lint-sample-private.ts',
      "const options: { _optimisticResults?: string } = {};\noptions._optimisticResults = 'optimistic';\n\nexport { options };\n",
    );
    expect(messages).toContainEqual(
      expect.objectContaining({
        ruleId: 'no-restricted-syntax',
        message: expect.stringContaining('private field'),
      }),
    );
  }, 120_000);
});

describe("lint: the web never imports the server's source (decision 271)", () => {
  it('refuses it in the app and in the browser journeys; the test-support entry is allowed', async () => {
    const app = await lint(
      'apps/web/src/lib/lint-sample-server.ts',
      "import { freePort } from '../../../server/src/db/embedded';\n\nexport { freePort };\n",
    );
    expect(rulesOf(app)).toContain('import-x/no-restricted-paths');
    const journey = await lint(
      'apps/web/e2e/lint-sample-server.ts',
      "import { freePort } from '../../server/src/db/embedded';\n\nexport { freePort };\n",
    );
    expect(rulesOf(journey)).toContain('import-x/no-restricted-paths');
    const allowed = await lint(
      'apps/web/e2e/lint-sample-test-support.ts',
      "import { freePort } from '@clinicpass/server/test-support';\n\nexport { freePort };\n",
    );
    // Linted for real: no parsing or project error (those have no rule).
    expect(rulesOf(allowed)).not.toContain(null);
    expect(rulesOf(allowed)).not.toContain('import-x/no-restricted-paths');
    expect(rulesOf(allowed)).not.toContain('no-restricted-imports');
  }, 120_000);
});
