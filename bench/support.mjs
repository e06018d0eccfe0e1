// What the soak and the crash test share: the built server as a child process on a fresh data
// folder (its own embedded PostgreSQL), its readiness and memory, and the HTTP steps a client
// takes: sign-in (with the SMS code read from the dev outbox), the captcha's proof of work.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const serverDir = join(root, 'apps/server');
export const PASSWORD = 'ClinicPass2026';
export const OWNER = { email: 'owner@example.com', phone: '+85291234567' };

export function log(message) {
  process.stdout.write(`${message}\n`);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small deterministic PRNG, so every run asks the same questions. */
export function mulberry32(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function buildServer() {
  const child = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (child.status !== 0) throw new Error('npm run build -w apps/server failed');
}

/** The server's resident memory in MB (Linux), or NaN. */
export function residentMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** The environment of a server on `dataDir` and `port`: development (dev outbox), proxy trusted. */
export function serverEnv(dataDir, port, extra = {}) {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    SECRET_KEY: 'reliability-secret-key-reliability-secret-key-0123',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    ...extra,
  };
}

/** Starts `node apps/server/dist/server.js`, its output appended to `logFile`. */
export function startServer(env, logFile) {
  const out = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(serverDir, 'dist/server.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  return child;
}

export async function waitReady(base, server, ms = 180_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited (${server.exitCode ?? server.signalCode})`);
    }
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the server did not become ready');
}

/** SIGTERM and wait for the exit (SIGKILL after 15 s). */
export async function stopServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function killServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await exited;
}

/** The embedded postmaster's pid and port, from `postmaster.pid` in the data folder. */
export function postmasterOf(dataDir) {
  const lines = readFileSync(join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/** The embedded database's connection string (the password embedded.ts generated, issue 37). */
export function databaseUrl(dataDir) {
  const password = encodeURIComponent(
    readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim(),
  );
  return `postgres://postgres:${password}@127.0.0.1:${postmasterOf(dataDir).port}/clinicpass`;
}

/** `fetch` with a JSON body, a timeout and the client's address. */
export async function call(
  base,
  path,
  { method = 'GET', body, raw, headers = {}, timeout = 30_000 },
) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    // `raw`: a body sent as it is (a file; its content type in `headers`).
    ...(raw !== undefined
      ? { body: raw }
      : body === undefined
        ? {}
        : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(timeout),
  });
  const text = await res.text();
  let json = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json, text, headers: res.headers, ms: performance.now() - started };
}

/** A fresh solved captcha payload for the X-Captcha header, solved here as the widget does. */
export async function solvedCaptcha(base, headers = {}, difficulty = undefined) {
  const query = difficulty === undefined ? '' : `?difficulty=${difficulty}`;
  const res = await call(base, `/api/customer/captcha/challenge${query}`, { headers });
  if (res.status !== 200) throw new Error(`captcha challenge answered ${res.status}`);
  const challenge = res.json;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The 6-digit code of the newest outbox message to `to` newer than `afterId`. */
export async function codeFor(base, to, afterId = 0) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const res = await call(base, '/dev/outbox', {});
    if (res.status === 200) {
      const message = res.json.find((entry) => entry.to === to && entry.id > afterId);
      const code = message && /\b(\d{6})\b/.exec(message.body)?.[1];
      if (code) return { code, id: message.id };
    }
    await sleep(100);
  }
  throw new Error(`no code sent to ${to}`);
}

/**
 * Signs in by email and password, answering the SMS code when the account has a verified phone.
 * Returns the answers' statuses and times, and the access token (null when a step failed).
 */
export async function signIn(base, { email, phone }, address) {
  const headers = { 'x-forwarded-for': address, 'x-token-delivery': 'body' };
  const steps = [];
  const first = await call(base, '/identity/sign-in', {
    method: 'POST',
    body: { email, password: PASSWORD },
    headers,
  });
  steps.push(first);
  if (first.status !== 200) return { steps, token: null };
  if (first.json.tokens) return { steps, token: first.json.tokens.access_token };
  if (!first.json.challenge || phone === undefined) return { steps, token: null };
  const { code } = await codeFor(base, phone);
  const second = await call(base, '/identity/sign-in/challenge', {
    method: 'POST',
    body: { session: first.json.challenge.session, code },
    headers,
  });
  steps.push(second);
  return { steps, token: second.status === 200 ? second.json.tokens.access_token : null };
}

/** Creates a confirmed account through the dev identity API (phone verified when given). */
export async function createAccount(base, email, phone) {
  const res = await call(base, '/dev/identity/users', {
    method: 'POST',
    body: { email, password: PASSWORD, ...(phone === undefined ? {} : { phone_number: phone }) },
  });
  if (res.status !== 200) throw new Error(`creating ${email} answered ${res.status}: ${res.text}`);
}

/**
 * The finder screen's own GraphQL query document, read from the web's source, so the finder
 * benches always ask what the screen asks (a hand-kept copy fell off the fast path when the
 * cards gained fields).
 */
export function finderScreenQuery() {
  const source = readFileSync(
    join(root, 'apps/web/src/features/doctor-finder/api/finder-queries.ts'),
    'utf8',
  );
  const found = /const SERVICE_POINTS_QUERY = \/\* GraphQL \*\/ `([^`]+)`/.exec(source);
  if (found === null) throw new Error('finder-queries.ts: SERVICE_POINTS_QUERY not found');
  return found[1];
}

/** Exact percentile over sorted numbers. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}
