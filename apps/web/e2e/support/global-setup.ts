// Starts one embedded PostgreSQL and one real server (the built bundle) for all journeys.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import '@clinicpass/server/test-support/keep-exit-code';
import {
  ensureDatabase,
  freePort,
  GUEST_LIMITS_OFF,
  startEmbeddedPostgres,
} from '@clinicpass/server/test-support';
import { SERVER_NODE_FLAGS } from '../../../../scripts/server-node-flags.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The journeys' database, for a journey that starts its own server (support/server.ts). */
    databaseUrl: string;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serverBundle = path.join(repoRoot, 'apps/server/dist/server.js');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');

async function waitForReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited (${child.exitCode}) before it was ready:\n${output()}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become ready:\n${output()}`);
}

export default async function setup(project: TestProject) {
  if (!existsSync(serverBundle) || !existsSync(webIndex)) {
    throw new Error(
      'Build the app first: npm run build (npm test does it before the browser tests).',
    );
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'clinicpass-e2e-'));
  const postgres = await startEmbeddedPostgres({ dataDir, ephemeral: true });
  await ensureDatabase(postgres.adminUrl, 'clinicpass_e2e');
  const databaseUrl = postgres.urlFor('clinicpass_e2e');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverBundle], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: baseUrl,
      SECRET_KEY: 'e2e-secret-key-with-at-least-32-characters',
      TRUST_PROXY: 'true',
      SEED_ON_EMPTY: 'true',
      LOG_LEVEL: 'warn',
      // A captcha the journeys solve quickly (bench:captcha measures the default).
      CAPTCHA_DIFFICULTY: '50',
      // Journeys fail look-ups of the demo HKIDs many times a day: their captcha stays at the
      // base here; captcha.e2e.ts prices failures on a server of its own (decision 150).
      CAPTCHA_FREE_FAILURES: '1000',
      // The journeys sign the demo owner in (an SMS code each) more often than the production
      // budget of 5 codes an hour allows; one more journey must not break the others.
      IDENTITY_CODE_SENDS_PER_HOUR: '100',
      // Every journey comes from 127.0.0.1: the guest-write limits are the server tests'.
      ...GUEST_LIMITS_OFF,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  server.stdout.on('data', collect);
  server.stderr.on('data', collect);
  try {
    await waitForReady(baseUrl, server, () => output);
  } catch (error) {
    server.kill('SIGKILL');
    await postgres.stop();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', databaseUrl);

  return async () => {
    await new Promise<void>((resolve) => {
      server.once('exit', () => {
        resolve();
      });
      server.kill('SIGTERM');
    });
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
