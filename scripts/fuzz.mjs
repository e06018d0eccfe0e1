// `npm run fuzz -- --runs N --seed S`: the fuzz test over every documented route
// (apps/server/test/fuzz.test.ts) with more cases per route or another seed than `npm test`'s
// 200 with the fixed seed. A failure prints the route, its seed and the request that failed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '1000' }, seed: { type: 'string' } },
});
for (const [name, value] of Object.entries(values)) {
  if (value !== undefined && !/^\d+$/.test(value)) {
    process.stderr.write(`--${name} must be a whole number, not "${value}"\n`);
    process.exit(2);
  }
}
const root = path.resolve(import.meta.dirname, '..');
const seed = values.seed ?? String(Date.now() % 2_147_483_647);
process.stdout.write(`fuzz: ${values.runs} cases per route, seed ${seed}\n`);
const result = spawnSync(
  path.join(root, 'node_modules/.bin/vitest'),
  ['run', '--project', 'server', 'apps/server/test/fuzz.test.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FUZZ_RUNS: values.runs, FUZZ_SEED: seed, FUZZ_TIMEOUT_MS: '86400000' },
  },
);
process.exit(result.status ?? 1);
