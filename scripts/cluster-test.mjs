// The cluster test on loopback (issue 38, decision 284): Debian's PostgreSQL on a port of its own,
// the migrate step once, THREE API processes started at the same moment on its fresh database,
// and Debian's haproxy in front of them (deploy/haproxy.cfg with loopback ports). It asserts, and
// exits 1 on any failure:
//   - all three come up (none crashes another: migrations and seeding under the schema lock) and
//     the proxy sends to each; request ids and traceparent pass through the proxy and are logged;
//   - /metrics answers per process, behind its token;
//   - a session made on one process works on the others and dies on all at sign-out;
//   - a captcha solution is used once, also when sent to the three at once;
//   - the finder's per-address limit holds in a burst through the proxy (120 + 4 per process);
//   - an idempotent write sent to two processes at once is stored once;
//   - a network import reaches every process within IMPORT_REACH_MS;
//   - SIGKILL of one process under load loses no acknowledged write, and the proxy stops
//     sending to it;
//   - SIGTERM of one process under load drains with no failed request;
//   - a scheduled job runs once across the three;
//   - pg_dump → pg_restore into a fresh database → the migrate step → the app serves the same
//     policies, every table the same.
//
//   npm run test:cluster                     (run by .ci/run after npm test)
//   npm run test:cluster -- --no-build --keep --pg-port 55433
//
// As root (CI), PostgreSQL runs as the postgres user (initdb and the server refuse root), and
// PostgreSQL and haproxy are installed with apt-get when missing.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import pg from 'pg';
import {
  buildServer,
  call,
  createAccount,
  freePort,
  log,
  OWNER,
  root,
  signIn,
  sleep,
  solvedCaptcha,
  startServer,
  stopServer,
  waitReady,
} from '../bench/support.mjs';
import { ensureDocumentFont } from './bootstrap.mjs';

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'pg-port': { type: 'string', default: '55433' },
  },
});
const PG_PORT = Number(values['pg-port']);
const PROCESSES = 3;
/** The finder's limit per address and minute (FINDER_RATE_LIMIT, finder.module.ts). */
const FINDER_LIMIT = 120;
/** Hits one process may answer before a write confirms them (UNCONFIRMED_HITS_PER_PROCESS). */
const FINDER_TOLERANCE_PER_PROCESS = 4;
/** A network import reaches every process within this (decision 262: N reloads + a poll). */
const IMPORT_REACH_MS = 20_000;
/** The proxy marks a killed process down within this (haproxy: check every 1 s, fall 1). */
const PROXY_DOWN_MS = 5_000;
const DRAIN_SECONDS = 2;
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';
const SECRET_KEY = 'cluster-secret-key-cluster-secret-key-0123456789';
/** The scheduled job whose runs are counted, rescheduled to every minute (JOBS_SCHEDULE). */
const CRON_TASK = 'close_stale_visits';
/** Minute slots the job step waits for after the three are up. */
const CRON_SLOTS = 2;

const isRoot = process.getuid?.() === 0;
const failures = [];
const timings = [];
const startedAt = Date.now();
const workDir = mkdtempSync(join(tmpdir(), 'clinicpass-cluster-'));
chmodSync(workDir, 0o755);
const pgDir = join(workDir, 'pg');
const children = { apis: [], haproxy: null, restored: null };
let pgBin = null;
let pgStarted = false;

function check(condition, message) {
  if (!condition) failures.push(message);
  return condition;
}

/** Runs one named part; a throw is a failure of that part, and the run goes on. */
async function step(name, work) {
  const started = Date.now();
  const before = failures.length;
  try {
    await work();
  } catch (error) {
    failures.push(
      `${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
  const seconds = (Date.now() - started) / 1000;
  const ok = failures.length === before;
  timings.push({ name, seconds, ok });
  log(`${ok ? '✔' : '✖'} ${name} (${seconds.toFixed(1)} s)`);
  for (const failure of failures.slice(before)) log(`    - ${failure.split('\n')[0]}`);
}

function runOrThrow(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited ${result.status ?? result.signal}: ${result.stderr ?? ''}${result.stdout ?? ''}`,
    );
  }
  return result.stdout;
}

/** A PostgreSQL server command, as the postgres user when we are root. */
function asPostgres(binary, args) {
  const command = join(pgBin, binary);
  return isRoot
    ? runOrThrow('runuser', ['-u', 'postgres', '--', command, ...args])
    : runOrThrow(command, args);
}

function aptInstall(packages) {
  if (!isRoot) throw new Error(`${packages.join(', ')} missing; install them (apt-get install)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  runOrThrow('apt-get', ['update', '-qq'], { env });
  runOrThrow('apt-get', ['install', '-y', '-qq', ...packages], { env });
}

function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length === 0 ? null : join(base, versions.at(-1), 'bin');
}

const adminUrl = (database) => `postgres://postgres@127.0.0.1:${PG_PORT}/${database}`;

async function query(database, text, params = []) {
  const client = new pg.Client({ connectionString: adminUrl(database) });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

async function startPostgres() {
  pgBin = findPgBin();
  if (pgBin === null) {
    aptInstall(['postgresql', 'postgresql-contrib']);
    pgBin = findPgBin();
  }
  mkdirSync(pgDir, { mode: 0o700 });
  if (isRoot) {
    const uid = Number(runOrThrow('id', ['-u', 'postgres']).trim());
    const gid = Number(runOrThrow('id', ['-g', 'postgres']).trim());
    chownSync(pgDir, uid, gid);
  }
  asPostgres('initdb', ['-D', pgDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  // fsync off: the test kills API processes, never PostgreSQL; the disk is shared by helpers.
  const options = `-p ${PG_PORT} -k ${pgDir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`;
  asPostgres('pg_ctl', [
    '-D',
    pgDir,
    '-o',
    options,
    '-l',
    join(pgDir, 'server.log'),
    '-w',
    'start',
  ]);
  pgStarted = true;
  await query('postgres', "CREATE DATABASE clinicpass ENCODING 'UTF8' TEMPLATE template0");
}

function stopPostgres() {
  if (!pgStarted) return;
  try {
    asPostgres('pg_ctl', ['-D', pgDir, '-m', 'fast', '-w', 'stop']);
  } catch (error) {
    log(`PostgreSQL did not stop: ${error.message}`);
  }
}

/** The environment of every API process and operator command on `database`. */
function clusterEnv(database, port, name) {
  const dataDir = join(workDir, name);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: adminUrl(database),
    DATABASE_POOL_MAX: '10',
    DATA_DIR: dataDir,
    SECRET_KEY,
    METRICS_TOKEN,
    SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    LOG_LEVEL: 'info',
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    JOBS_SCHEDULE: `${CRON_TASK}=* * * * *`,
  };
}

function startApi(index) {
  const api = children.apis[index];
  api.child = startServer(api.env, api.logFile);
  return api.child;
}

/** The JSON lines of a process's log. */
function logLines(logFile) {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        return {};
      }
    });
}

// ---------------------------------------------------------------- haproxy

/** deploy/haproxy.cfg with a loopback bind, the three loopback ports and a stats socket. */
function haproxyConfig(proxyPort, ports) {
  const repo = readFileSync(join(root, 'deploy/haproxy.cfg'), 'utf8');
  const servers = ports.map((port, i) => `  server api${i + 1} 127.0.0.1:${port} check`);
  const lines = repo.split('\n').filter((line) => !/^\s*server\s/.test(line));
  const config = lines
    .join('\n')
    .replace(/^(\s*)bind :8080$/m, `$1bind 127.0.0.1:${proxyPort}`)
    .replace(/^(\s*default-server .*)$/m, `$1\n${servers.join('\n')}`)
    .replace(
      /^global$/m,
      `global\n  stats socket ${join(workDir, 'haproxy.sock')} mode 600 level admin`,
    );
  if (!config.includes(`bind 127.0.0.1:${proxyPort}`) || !config.includes(servers[0])) {
    throw new Error('deploy/haproxy.cfg no longer has the shape this test rewrites');
  }
  return config;
}

/** `show stat` over the stats socket: { api1: 'UP', … }. */
function proxyStatus() {
  return new Promise((resolve, reject) => {
    const socket = connect(join(workDir, 'haproxy.sock'));
    let text = '';
    socket.on('connect', () => socket.write('show stat\n'));
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const [header, ...rows] = text.trim().split('\n');
      const names = header.replace(/^# /, '').split(',');
      const status = {};
      for (const row of rows) {
        const cells = row.split(',');
        const get = (name) => cells[names.indexOf(name)];
        if (get('pxname') === 'api' && /^api\d$/.test(get('svname'))) {
          status[get('svname')] = get('status');
        }
      }
      resolve(status);
    });
  });
}

async function waitProxy(expected, ms = 15_000) {
  const deadline = Date.now() + ms;
  let status = {};
  while (Date.now() < deadline) {
    status = await proxyStatus().catch(() => ({}));
    if (Object.entries(expected).every(([name, want]) => status[name]?.startsWith(want))) {
      return status;
    }
    await sleep(100);
  }
  throw new Error(
    `haproxy did not reach ${JSON.stringify(expected)} (last ${JSON.stringify(status)})`,
  );
}

// ---------------------------------------------------------------- the cluster's parts

let proxy = '';
const direct = (index) => `http://127.0.0.1:${children.apis[index].port}`;
let addressSeq = 0;
/** A client address no other request of this run used (limits are per address). */
const freshAddress = () => {
  addressSeq += 1;
  return `10.${40 + (addressSeq >> 16)}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
};

/** One idempotent write until it is answered 2xx (refused, cut and 5xx retried with its key). */
async function writeUntilAnswered(base, op, token, figures) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await call(base, '/api/customer/payment-method', {
        method: 'POST',
        body: op.body,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': op.key },
        timeout: 15_000,
      });
      if (res.status === 200) {
        op.answer = res.json;
        op.answeredAt = Date.now();
        return;
      }
      if (res.status < 500) {
        failures.push(`${op.key} answered ${res.status}: ${res.text.slice(0, 200)}`);
        return;
      }
      figures.failedAt.push({ at: Date.now(), what: String(res.status) });
    } catch (error) {
      figures.failedAt.push({ at: Date.now(), what: error.name });
    }
    await sleep(50);
  }
  failures.push(`${op.key} was not answered 2xx within 60 s`);
}

function paymentOp(prefix, i) {
  const token = `${prefix}-${String(i).padStart(4, '0')}-${randomUUID().slice(0, 8)}`;
  return {
    key: `${prefix}-${i}-${randomUUID()}`,
    body: { gateway: i % 2 === 0 ? 'fps' : 'bank-transfer', token, holder_name: 'CLUSTER TEST' },
  };
}

async function storedOnce(ops, userId) {
  const rows = await query(
    'clinicpass',
    'SELECT id, gateway_reference FROM payment_method WHERE user_id = $1',
    [userId],
  );
  const byToken = new Map();
  for (const row of rows) {
    byToken.set(row.gateway_reference, [...(byToken.get(row.gateway_reference) ?? []), row.id]);
  }
  let once = 0;
  for (const op of ops.filter((o) => o.answer !== undefined)) {
    const ids = byToken.get(op.body.token) ?? [];
    if (ids.length === 1 && String(ids[0]) === String(op.answer.id)) once += 1;
    else
      failures.push(
        `write ${op.body.token}: rows ${JSON.stringify(ids)}, answered ${op.answer.id}`,
      );
  }
  return once;
}

async function tableHashes(database) {
  const tables = (
    await query(
      database,
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    )
  ).map((row) => row.tablename);
  const hashes = {};
  for (const table of tables) {
    const [row] = await query(
      database,
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${table}" t`,
    );
    hashes[table] = row.h;
  }
  return hashes;
}

/** The whole UTC minutes in (from, to]: the slots of a job scheduled every minute. */
function minuteSlots(from, to) {
  const slots = [];
  const t = new Date(from);
  t.setUTCSeconds(0, 0);
  for (t.setUTCMinutes(t.getUTCMinutes() + 1); t <= to; t.setUTCMinutes(t.getUTCMinutes() + 1)) {
    slots.push(t.toISOString());
  }
  return slots;
}

async function main() {
  ensureDocumentFont();
  if (!values['no-build']) {
    log('Building the server (apps/server/dist)…');
    buildServer();
  }

  let cronNotBefore = new Date();
  await step(`Debian PostgreSQL on 127.0.0.1:${PG_PORT}, the migrate step once`, async () => {
    await startPostgres();
    const env = clusterEnv('clinicpass', 0, 'migrate');
    runOrThrow(process.execPath, [join(root, 'apps/server/dist/cli/migrate.js')], {
      cwd: root,
      env,
    });
    const [row] = await query('clinicpass', 'SELECT count(*)::int AS n FROM app_user');
    check(row.n === 0, `the migrate step seeded ${row.n} users; seeding belongs to the API start`);
  });
  if (!pgStarted) return;

  await step(
    `${PROCESSES} API processes started at the same moment, haproxy in front`,
    async () => {
      for (let i = 0; i < PROCESSES; i += 1) {
        const port = await freePort();
        children.apis.push({
          name: `api${i + 1}`,
          port,
          env: clusterEnv('clinicpass', port, `api${i + 1}`),
          logFile: join(workDir, `api${i + 1}.log`),
          child: null,
        });
      }
      for (let i = 0; i < PROCESSES; i += 1) startApi(i);
      const ready = await Promise.allSettled(
        children.apis.map((api) => waitReady(`http://127.0.0.1:${api.port}`, api.child)),
      );
      ready.forEach((result, i) =>
        check(result.status === 'fulfilled', `api${i + 1} did not come up: ${result.reason}`),
      );
      cronNotBefore = new Date();
      const seeded = children.apis.filter((api) =>
        logLines(api.logFile).some((line) => line.msg === 'seeded an empty database'),
      );
      check(seeded.length === 1, `${seeded.length} processes seeded the database, not 1`);
      const [users] = await query('clinicpass', 'SELECT count(*)::int AS n FROM app_user');
      check(users.n > 0, 'the database was not seeded');

      if (!existsSync('/usr/sbin/haproxy')) aptInstall(['haproxy']);
      const proxyPort = await freePort();
      const cfg = join(workDir, 'haproxy.cfg');
      writeFileSync(
        cfg,
        haproxyConfig(
          proxyPort,
          children.apis.map((api) => api.port),
        ),
      );
      runOrThrow('/usr/sbin/haproxy', ['-c', '-q', '-f', cfg]);
      children.haproxy = spawn('/usr/sbin/haproxy', ['-db', '-f', cfg], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      proxy = `http://127.0.0.1:${proxyPort}`;
      await waitProxy({ api1: 'UP', api2: 'UP', api3: 'UP' });
    },
  );
  if (children.haproxy === null) return;

  await step('request ids and traceparent pass through the proxy to every process', async () => {
    const sent = [];
    for (let i = 0; i < 9; i += 1) {
      const id = `cluster-${randomUUID()}`;
      const traceId = randomUUID().replaceAll('-', '');
      const traceparent = `00-${traceId}-${'0123456789abcdef'}-01`;
      const res = await call(proxy, '/api/customer/content/announcement', {
        headers: { 'x-request-id': id, traceparent },
      });
      check(res.headers.get('x-request-id') === id, `x-request-id ${id} not answered back`);
      check(
        res.headers.get('traceparent')?.includes(traceId) === true,
        `traceparent ${traceId} not answered back (${res.headers.get('traceparent')})`,
      );
      sent.push(id);
    }
    await sleep(300);
    const servedBy = children.apis.map((api) => {
      const ids = new Set(logLines(api.logFile).map((line) => line.reqId));
      return sent.filter((id) => ids.has(id)).length;
    });
    check(
      servedBy.reduce((a, b) => a + b, 0) === sent.length,
      `request ids logged: ${servedBy.join('/')} of ${sent.length}`,
    );
    check(
      servedBy.every((n) => n > 0),
      `the proxy did not send to every process: ${servedBy.join('/')}`,
    );
  });

  await step('/metrics per process, behind its token', async () => {
    const counts = [];
    for (let i = 0; i < PROCESSES; i += 1) {
      const refused = await call(direct(i), '/metrics', {});
      check(
        refused.status === 401 || refused.status === 404,
        `api${i + 1} /metrics answered ${refused.status} without the token`,
      );
      const res = await call(direct(i), '/metrics', {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      check(res.status === 200, `api${i + 1} /metrics answered ${res.status}`);
      for (const name of [
        'http_requests_total',
        'clinicpass_db_pool_connections',
        'clinicpass_job_queue_depth',
      ]) {
        check(res.text.includes(name), `api${i + 1} /metrics lacks ${name}`);
      }
      counts.push(
        res.text
          .split('\n')
          .filter((line) => line.startsWith('http_requests_total'))
          .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0),
      );
    }
    check(
      counts.every((n) => n > 0),
      `request counts per process: ${counts.join('/')}`,
    );
  });

  let policies = null;
  await step(
    'a session made on one process works on the others and dies on all at sign-out',
    async () => {
      const session = await signIn(direct(0), OWNER, freshAddress());
      if (!check(session.token !== null, 'the owner could not sign in on api1')) return;
      const auth = { authorization: `Bearer ${session.token}` };
      const answers = [];
      for (let i = 0; i < PROCESSES; i += 1) {
        const res = await call(direct(i), '/api/customer/policy', { headers: auth });
        check(res.status === 200, `api${i + 1} answered the session ${res.status}`);
        answers.push(res.json);
      }
      check(
        answers.every((answer) => isDeepStrictEqual(answer, answers[0])),
        'the processes answered the policies differently',
      );
      policies = answers[0];
      const out = await call(direct(1), '/identity/sign-out', { method: 'POST', headers: auth });
      check(out.status === 200, `sign-out on api2 answered ${out.status}`);
      for (let i = 0; i < PROCESSES; i += 1) {
        const res = await call(direct(i), '/api/customer/policy', { headers: auth });
        check(res.status === 401, `api${i + 1} answered ${res.status} after the sign-out, not 401`);
      }
    },
  );

  await step('a captcha solution is used once across processes', async () => {
    const forgot = (i, captcha) =>
      call(direct(i), '/identity/forgot-password', {
        method: 'POST',
        body: { email: `cluster-${randomUUID().slice(0, 8)}@example.com` },
        headers: { 'x-captcha': captcha, 'x-forwarded-for': freshAddress() },
      });
    const payload = await solvedCaptcha(direct(0), { 'x-forwarded-for': freshAddress() });
    const first = await forgot(1, payload);
    check(first.status === 200, `the first use on api2 answered ${first.status} ${first.text}`);
    for (const i of [2, 0]) {
      const again = await forgot(i, payload);
      check(
        again.status === 400 && again.json?.code === 'captcha_used',
        `a replay on api${i + 1} answered ${again.status} ${again.text}`,
      );
    }
    const atOnce = await solvedCaptcha(direct(2), { 'x-forwarded-for': freshAddress() });
    const answers = await Promise.all([0, 1, 2].map((i) => forgot(i, atOnce)));
    const statuses = answers.map((res) => `${res.status}:${res.json?.code ?? 'ok'}`);
    check(
      answers.filter((res) => res.status === 200).length === 1 &&
        answers.filter((res) => res.json?.code === 'captcha_used').length === 2,
      `one solution sent to the three at once: ${statuses.join(', ')}`,
    );
  });

  await step('the finder limit holds in a burst through the proxy', async () => {
    const address = freshAddress();
    const burst = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        call(proxy, `/api/customer/policy/service-point/outpatient-go?page=1&_=${i}`, {
          headers: { 'x-forwarded-for': address },
        }).catch((error) => ({ status: error.name, headers: new Headers() })),
      ),
    );
    const ok = burst.filter((res) => res.status === 200).length;
    const limited = burst.filter((res) => res.status === 429).length;
    const ceiling = FINDER_LIMIT + FINDER_TOLERANCE_PER_PROCESS * PROCESSES;
    log(`    300 at once from one address: ${ok} answered, ${limited} refused 429`);
    check(ok + limited === 300, `${300 - ok - limited} answers were neither 200 nor 429`);
    check(
      ok >= FINDER_LIMIT && ok <= ceiling,
      `${ok} answered; the limit is ${FINDER_LIMIT} (+ ${ceiling - FINDER_LIMIT})`,
    );
  });

  // A member of our own for the writes (no phone: signed in with its password alone).
  const writerEmail = `cluster-${randomUUID().slice(0, 8)}@example.com`;
  let writer = null;
  await step('an idempotent write sent to two processes at once is stored once', async () => {
    await createAccount(direct(0), writerEmail);
    const session = await signIn(direct(2), { email: writerEmail }, freshAddress());
    if (!check(session.token !== null, 'the writer could not sign in')) return;
    const [user] = await query('clinicpass', 'SELECT id FROM app_user WHERE email = $1', [
      writerEmail,
    ]);
    writer = { token: session.token, userId: user.id };
    const op = paymentOp('cluster-twice', 0);
    const answers = await Promise.all(
      [0, 1].map((i) =>
        call(direct(i), '/api/customer/payment-method', {
          method: 'POST',
          body: op.body,
          headers: { authorization: `Bearer ${writer.token}`, 'idempotency-key': op.key },
        }),
      ),
    );
    check(
      answers.every((res) => res.status === 200),
      `answers ${answers.map((res) => res.status).join(', ')}`,
    );
    check(
      answers[0].json?.id !== undefined && answers[0].json?.id === answers[1].json?.id,
      `answered ids ${answers.map((res) => res.json?.id).join(', ')}`,
    );
    const rows = await query(
      'clinicpass',
      'SELECT id FROM payment_method WHERE gateway_reference = $1',
      [op.body.token],
    );
    check(rows.length === 1, `${rows.length} rows stored for one idempotent write`);
  });

  await step(
    `a network import reaches every process within ${IMPORT_REACH_MS / 1000} s`,
    async () => {
      const template = readFileSync(join(root, 'docs/network-import/template-example.csv'), 'utf8');
      const [header, , goRow] = template.split('\n');
      const tag = randomUUID().slice(0, 8);
      const name = `Cluster Probe Clinic ${tag}`;
      const row = goRow
        .replace('SP-0002', `SP-CLUSTER-${tag}`)
        .replace('DR-001', `DR-CLUSTER-${tag}`)
        .replace('V-001', `V-CLUSTER-${tag}`)
        .replace('Harbour Example Medical Centre', name);
      const file = join(workDir, 'network.csv');
      writeFileSync(file, `${header}\n${row}\n`);
      // A write runs as an enabled staff member, recorded in the audit log (decision 297).
      const operator = `cluster.operator.${tag}@clinicpass.example`;
      runOrThrow(
        process.execPath,
        [
          join(root, 'apps/server/dist/cli/operator.js'),
          'staff',
          'create',
          '--email',
          operator,
          '--name',
          'Cluster operator',
          '--role',
          'network',
          '--as',
          'cluster test',
        ],
        { cwd: root, env: clusterEnv('clinicpass', 0, 'import') },
      );
      const importedAt = Date.now();
      runOrThrow(
        process.execPath,
        [join(root, 'apps/server/dist/cli/network-import.js'), file, '--as', operator],
        { cwd: root, env: clusterEnv('clinicpass', 0, 'import') },
      );
      const reached = await Promise.all(
        children.apis.map(async (_, i) => {
          while (Date.now() - importedAt < IMPORT_REACH_MS + 5000) {
            const res = await call(
              direct(i),
              `/api/customer/policy/service-point/outpatient-go?search=${encodeURIComponent(tag)}`,
              { headers: { 'x-forwarded-for': freshAddress() } },
            );
            if (res.status === 200 && res.text.includes(name)) return Date.now() - importedAt;
            await sleep(200);
          }
          return Number.POSITIVE_INFINITY;
        }),
      );
      log(`    seen after ${reached.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(' / ')}`);
      reached.forEach((ms, i) =>
        check(ms <= IMPORT_REACH_MS, `api${i + 1} saw the import after ${ms} ms`),
      );
    },
  );

  await step(
    'SIGKILL of one process under load: no acknowledged write lost, the proxy stops sending to it',
    async () => {
      if (writer === null) throw new Error('no writer (the previous step failed)');
      const figures = { failedAt: [] };
      const ops = Array.from({ length: 240 }, (_, i) => paymentOp('cluster-kill', i));
      let next = 0;
      let done = 0;
      const lane = async () => {
        while (next < ops.length) {
          const op = ops[next];
          next += 1;
          await writeUntilAnswered(proxy, op, writer.token, figures);
          done += 1;
        }
      };
      let downAt = null;
      let killedAt = null;
      const killer = async () => {
        while (done < ops.length / 3) await sleep(10);
        killedAt = Date.now();
        children.apis[2].child.kill('SIGKILL');
        await waitProxy({ api3: 'DOWN' }, PROXY_DOWN_MS);
        downAt = Date.now();
      };
      const results = await Promise.allSettled([...Array.from({ length: 6 }, lane), killer()]);
      for (const result of results) {
        if (result.status === 'rejected') failures.push(String(result.reason));
      }
      const answered = ops.filter((op) => op.answer !== undefined);
      check(
        answered.length === ops.length,
        `${ops.length - answered.length} writes never answered`,
      );
      const once = await storedOnce(ops, writer.userId);
      check(
        once === answered.length,
        `${once} of ${answered.length} acknowledged writes stored once`,
      );
      const afterDown = downAt === null ? [] : figures.failedAt.filter((f) => f.at > downAt);
      check(
        afterDown.length === 0,
        `${afterDown.length} requests failed after the proxy marked api3 down: ${afterDown.map((f) => f.what).join(', ')}`,
      );
      log(
        `    ${answered.length} writes acknowledged and stored once; ${figures.failedAt.length} attempts cut around the kill and retried; api3 down in the proxy ${downAt === null ? 'never' : `${downAt - killedAt} ms`} after the kill`,
      );
      // api3 back, as an orchestrator would restart it.
      startApi(2);
      await waitReady(direct(2), children.apis[2].child);
      await waitProxy({ api3: 'UP' });
    },
  );

  await step('SIGTERM of one process under load drains with no failed request', async () => {
    if (writer === null) throw new Error('no writer (an earlier step failed)');
    const auth = { authorization: `Bearer ${writer.token}` };
    const failed = [];
    let requests = 0;
    let stop = false;
    const lane = async (n) => {
      for (let i = 0; !stop; i += 1) {
        requests += 1;
        try {
          const res =
            i % 2 === 0
              ? await call(proxy, '/api/customer/payment-method', { headers: auth })
              : await call(proxy, '/api/customer/payment-method', {
                  method: 'POST',
                  body: paymentOp(`cluster-drain-${n}`, i).body,
                  headers: { ...auth, 'idempotency-key': randomUUID() },
                });
          if (res.status !== 200) failed.push(`${res.status} ${res.text.slice(0, 120)}`);
        } catch (error) {
          failed.push(error.name);
        }
      }
    };
    const lanes = Array.from({ length: 6 }, (_, n) => lane(n));
    await sleep(1000);
    const api2 = children.apis[1].child;
    const exited = new Promise((resolve) =>
      api2.once('exit', (code, signal) => resolve(code ?? signal)),
    );
    api2.kill('SIGTERM');
    // The signal reaches the process's event loop asynchronously: a /readyz already on its way
    // may still be answered 200. Within half the drain window it must answer 503 (never fail to
    // connect), so the proxy's health check sees it before the listener closes.
    const readyBy = Date.now() + (DRAIN_SECONDS * 1000) / 2;
    const answers = [];
    for (;;) {
      const ready = await call(direct(1), '/readyz', {}).catch((error) => ({
        status: error.name,
      }));
      answers.push(ready.status);
      if (ready.status !== 200 || Date.now() > readyBy) break;
      await sleep(50);
    }
    check(
      answers.at(-1) === 503,
      `api2's /readyz answered ${answers.join(', ')} after SIGTERM, not 503 within ${DRAIN_SECONDS / 2} s`,
    );
    const code = await exited;
    check(code === 0, `api2 exited ${code} after SIGTERM, not 0`);
    await sleep(2000);
    stop = true;
    await Promise.all(lanes);
    log(`    ${requests} requests through the proxy while api2 drained: ${failed.length} failed`);
    check(
      failed.length === 0,
      `${failed.length} requests failed: ${[...new Set(failed)].slice(0, 5).join('; ')}`,
    );
    startApi(1);
    await waitReady(direct(1), children.apis[1].child);
  });

  await step('a scheduled job runs once across the three', async () => {
    // Every whole minute since the three came up is one slot; wait for CRON_SLOTS of them
    // (the earlier steps usually took that long), 20 s past the last for its run to be logged.
    const lastSlotBy = () => new Date(Date.now() - 20_000);
    while (minuteSlots(cronNotBefore, lastSlotBy()).length < CRON_SLOTS) await sleep(1000);
    const slots = minuteSlots(cronNotBefore, lastSlotBy());
    const runs = children.apis.flatMap((api) =>
      logLines(api.logFile)
        .filter((line) => line.msg === 'scheduled job done' && line.job === CRON_TASK)
        .map((line) => ({ by: api.name, slot: new Date(line.slot ?? 0).toISOString() })),
    );
    for (const slot of slots) {
      const by = runs.filter((run) => run.slot === slot).map((run) => run.by);
      check(by.length === 1, `${CRON_TASK} at ${slot} ran ${by.length} times (${by.join(', ')})`);
    }
    log(
      `    ${CRON_TASK} every minute: ${slots.length} slots since the start, runs by ${slots
        .map(
          (slot) =>
            runs
              .filter((run) => run.slot === slot)
              .map((run) => run.by)
              .join('+') || 'none',
        )
        .join(', ')}`,
    );
  });

  await step(
    'pg_dump → restore into a fresh database → the app serves the same policies',
    async () => {
      // The cluster stops first, so the copy and the original can be compared table by table.
      await Promise.all(children.apis.map((api) => stopChild(api.child)));
      const dump = join(workDir, 'clinicpass.dump');
      const client = (binary) => join(pgBin, binary);
      runOrThrow(client('pg_dump'), [
        '--format=custom',
        '--no-owner',
        `--file=${dump}`,
        adminUrl('clinicpass'),
      ]);
      await query(
        'postgres',
        "CREATE DATABASE clinicpass_restore ENCODING 'UTF8' TEMPLATE template0",
      );
      runOrThrow(client('pg_restore'), [
        '--no-owner',
        `--dbname=${adminUrl('clinicpass_restore')}`,
        dump,
      ]);
      runOrThrow(process.execPath, [join(root, 'apps/server/dist/cli/migrate.js')], {
        cwd: root,
        env: clusterEnv('clinicpass_restore', 0, 'migrate-restore'),
      });
      const [original, restored] = [
        await tableHashes('clinicpass'),
        await tableHashes('clinicpass_restore'),
      ];
      const differing = Object.keys({ ...original, ...restored }).filter(
        (t) => original[t] !== restored[t],
      );
      check(differing.length === 0, `tables differ after the restore: ${differing.join(', ')}`);
      const port = await freePort();
      const env = clusterEnv('clinicpass_restore', port, 'restored');
      children.restored = startServer(env, join(workDir, 'restored.log'));
      const base = `http://127.0.0.1:${port}`;
      await waitReady(base, children.restored);
      const session = await signIn(base, OWNER, freshAddress());
      if (!check(session.token !== null, 'the owner could not sign in on the restored database'))
        return;
      const res = await call(base, '/api/customer/policy', {
        headers: { authorization: `Bearer ${session.token}` },
      });
      check(res.status === 200, `the restored app answered the policies ${res.status}`);
      check(isDeepStrictEqual(res.json, policies), 'the restored app serves other policies');
    },
  );
}

/** Stops a child (an API process or haproxy) if it runs: SIGTERM, then SIGKILL after 15 s. */
async function stopChild(child) {
  if (child !== null) await stopServer(child);
}

try {
  await main();
} catch (error) {
  failures.push(
    `the run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
} finally {
  await Promise.all([
    ...children.apis.map((api) => stopChild(api.child)),
    stopChild(children.restored),
    stopChild(children.haproxy),
  ]);
  stopPostgres();
}

const total = (Date.now() - startedAt) / 1000;
log(
  `\nCluster test: ${PROCESSES} API processes, haproxy, PostgreSQL (${total.toFixed(0)} s in all)`,
);
for (const t of timings)
  log(`  ${t.ok ? '✔' : '✖'} ${t.seconds.toFixed(1).padStart(6)} s  ${t.name}`);
if (failures.length > 0) {
  log(`\n✖ cluster test: ${failures.length} failure(s); logs in ${workDir}`);
  for (const failure of failures.slice(0, 40)) log(`  - ${failure}`);
  process.exit(1);
}
log('\n✔ cluster test passed');
if (!values.keep) rmSync(workDir, { recursive: true, force: true });
process.exit(0);
