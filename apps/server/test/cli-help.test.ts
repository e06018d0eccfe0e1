// Every command answers `--help` with its usage on stdout and exit 0, and a wrong option with
// the reason and the usage on stderr and exit 2, before it starts a database: DATABASE_URL
// points at a closed port here, so a command that tried to connect would fail instead.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CLI = path.join(ROOT, 'apps/server/src/cli');

async function run(file: string, args: string[]) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(CLI, file), ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: unknown) => error as { code: number; stdout: string; stderr: string },
  );
}

const COMMANDS = [
  ['migrate.ts', /^Usage: npm run db:migrate/],
  ['seed.ts', /^Usage: npm run db:seed[\s\S]*--service-points N/],
  ['outpatient.ts', /^Usage:\n {2}npm run outpatient -- record-body-check/],
  ['operator.ts', /^Usage: npm run operator -w apps\/server -- service-request/],
  ['network-import.ts', /^Usage: npm run network:import/],
] as const;

describe('the commands’ usage', () => {
  it.each(COMMANDS)(
    '%s --help prints the usage and exits 0',
    { timeout: 60_000 },
    async (file, usage) => {
      const result = await run(file, ['--help']);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(usage);
      expect(result.code).toBe(0);
    },
  );

  it.each([
    ['seed.ts', ['--nonsense']],
    ['operator.ts', ['service-request', '1', '--nonsense']],
    ['migrate.ts', ['--nonsense']],
  ] as const)(
    '%s refuses an unknown option with exit 2, no stack trace',
    { timeout: 60_000 },
    async (file, args) => {
      const result = await run(file, [...args]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/Unknown option '--nonsense'[\s\S]*Usage:/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
  );
});
