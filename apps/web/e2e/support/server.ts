// A second real server (the built bundle) on the journeys' database, for journeys that need
// other settings than the shared one: an operator mode, a DSN, a help widget.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort, GUEST_LIMITS_OFF } from '@clinicpass/server/test-support';
import { SERVER_NODE_FLAGS } from '../../../../scripts/server-node-flags.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export interface ExtraServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<ExtraServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(repoRoot, 'apps/server/dist/server.js')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: inject('databaseUrl'),
        PUBLIC_URL: baseUrl,
        SECRET_KEY: 'e2e-secret-key-with-at-least-32-characters',
        TRUST_PROXY: 'true',
        SEED_ON_EMPTY: 'false',
        LOG_LEVEL: 'warn',
        // As the shared server: the journeys' failed look-ups never price the demo HKIDs up.
        CAPTCHA_FREE_FAILURES: '1000',
        ...GUEST_LIMITS_OFF,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
