// The built app served by the real server (apps/server/dist/server.js) on a fresh embedded
// PostgreSQL with the seed, as the browser journeys run it: for the benches that load pages.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { ensureDatabase } from '../apps/server/src/db/migrate.ts';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
const serverBundle = path.join(repoRoot, 'apps/server/dist/server.js');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');

/**
 * Builds the app when it has not been built, then starts it; `stop()` ends both.
 * @returns {Promise<{ baseUrl: string, stop: () => Promise<void> }>}
 */
export async function startBuiltApp() {
  if (!existsSync(serverBundle) || !existsSync(webIndex)) {
    console.log('The app is not built: npm run build first…');
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The build failed.');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'clinicpass-bench-'));
  const postgres = await startEmbeddedPostgres({ dataDir, ephemeral: true });
  await ensureDatabase(postgres.adminUrl, 'clinicpass_bench');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: postgres.urlFor('clinicpass_bench'),
    PUBLIC_URL: baseUrl,
    SECRET_KEY: 'bench-secret-key-with-at-least-32-characters',
    SEED_ON_EMPTY: 'true',
    LOG_LEVEL: 'warn',
  };
  // A production server refuses an unmigrated database (decision 260): the migrate step first,
  // as a deployment runs it.
  const migrate = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'apps/server/dist/cli/migrate.js')],
    {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
    },
  );
  if (migrate.status !== 0) {
    await postgres.stop();
    throw new Error(`The migrate step failed:\n${migrate.stderr}${migrate.stdout}`);
  }
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverBundle], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk) => (output += chunk.toString()));
  server.stderr.on('data', (chunk) => (output += chunk.toString()));
  const stop = async () => {
    if (server.exitCode === null) {
      await new Promise((resolve) => {
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      });
    }
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not become ready:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl, stop };
}
