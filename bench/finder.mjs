// The doctor finder's search end to end over HTTP: for a network of 5,000 and of 100,000 service
// points, seeds a fresh embedded database, starts the built server, warms it up, then loads
// GET /api/customer/policy/service-point with a mixed workload of filters and Chinese/English
// text (autocannon, 10 connections, 20 s) and, for comparison, the bare JSON route /healthz of
// the same server. Prints p50/p95/p99 latency and requests/s; reports, never fails on a figure.
//
// The search runs twice: as the workload comes (its 400 questions repeat, so after the warm-up
// the server's answer cache, decision 131, answers most of them), and with every address made
// new by an extra ignored parameter (`&_=n`), so no answer is ever kept and every request is
// validated, searched and written: the figure for questions nobody asked before.
//
//   npm run bench:finder                      (both sizes)
//   npm run bench:finder -- --sizes 5000 --duration 10
//
// Every request carries its own X-Forwarded-For address (the server trusts the proxy header
// here), so the finder's per-address rate limit counts each one in PostgreSQL as it would in
// production, without stopping the load at 120 requests.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = join(root, 'apps/server');

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '5000,100000' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const DURATION = Number(values.duration);
const WARMUP = Number(values.warmup);
const CONNECTIONS = Number(values.connections);
const POLICY = 'OP1000001';
const SECRET_KEY = 'bench-secret-key-bench-secret-key-0123456789';

function log(message) {
  process.stdout.write(`${message}\n`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A small deterministic PRNG, so every run asks the same questions. */
function mulberry32(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXTS = [
  '陳',
  '中環',
  '李',
  '旺角',
  '醫生',
  'chan',
  'central',
  'road',
  'wong',
  'clinic',
  'dr lee',
  '中環 dr',
];

/** The mixed workload: filters alone and combined, Chinese and English text, a few pages. */
function workload(districtCodes, serviceIds) {
  const random = mulberry32(20261122);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const paths = [];
  for (let i = 0; i < 400; i += 1) {
    const query = new URLSearchParams({ policy_number: POLICY, page_size: '20' });
    const kind = i % 8;
    if (kind === 0 || kind === 4 || kind === 6) query.set('district_codes', pick(districtCodes));
    if (kind === 1 || kind === 4 || kind === 7) query.set('service_ids', String(pick(serviceIds)));
    if (kind === 2 || kind === 5 || kind === 6 || kind === 7) query.set('search', pick(TEXTS));
    if (kind === 3 || kind === 5) query.set('price_range', pick(['100,300', '200,600', '0,1000']));
    if (kind === 6) query.set('expand_until_found', 'true');
    if (random() < 0.3) query.set('page', String(2 + Math.floor(random() * 3)));
    paths.push(`/api/customer/policy/service-point?${query.toString()}`);
  }
  return paths;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

let addressCounter = 0;
function nextAddress() {
  addressCounter += 1;
  const n = addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * One autocannon run over `paths` (cycled); exact percentiles from every response time. With
 * `unique`, each request's address gets a parameter of its own, so no two are the same.
 */
async function load(port, paths, seconds, { unique = false } = {}) {
  let next = 0;
  const times = [];
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const path = unique
            ? `${paths[next % paths.length]}&_=${next}`
            : paths[next % paths.length];
          next += 1;
          return {
            ...request,
            path,
            headers: {
              ...request.headers,
              'x-forwarded-for': nextAddress(),
              'accept-language': next % 2 === 0 ? 'zh-HK' : 'en',
            },
          };
        },
      },
    ],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    rps: result.requests.total / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The server's resident memory in MB (Linux), or NaN. */
function residentMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

function run(command, args, env) {
  const child = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (child.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

async function waitReady(port, server) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('the server exited');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become ready');
}

async function benchSize(size) {
  const dataDir = mkdtempSync(join(tmpdir(), `clinicpass-bench-${size}-`));
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    SECRET_KEY,
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    SEED_ON_EMPTY: 'false',
  };
  let server;
  try {
    log(`\n== ${size.toLocaleString('en')} service points: seeding…`);
    const seeded = Date.now();
    run('node', [join(serverDir, 'dist/cli/seed.js'), '--service-points', String(size)], env);
    log(`   seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s; starting the server`);
    server = spawn('node', [join(serverDir, 'dist/server.js')], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    await waitReady(port, server);
    // Each process loads the finder's read model into memory in the background after start-up
    // (decision 110); the first search waits for it. Measure only once it has answered.
    const loading = Date.now();
    const first = await fetch(
      `http://127.0.0.1:${port}/api/customer/policy/service-point?policy_number=${POLICY}`,
      { headers: { 'x-forwarded-for': '10.255.255.253' }, signal: AbortSignal.timeout(300_000) },
    );
    if (!first.ok) throw new Error(`the first search answered ${first.status}`);
    log(`   finder read model loaded ${((Date.now() - loading) / 1000).toFixed(1)} s after ready`);

    const regions = await (
      await fetch(`http://127.0.0.1:${port}/api/customer/country-region`)
    ).json();
    const districtCodes = regions.results
      .filter((region) => !/macau|mainland-china/.test(region.code))
      .flatMap((region) => region.districts.map((district) => district.code));
    const services = await (
      await fetch(
        `http://127.0.0.1:${port}/api/customer/health/healthcare-service?no_pagination=true&provision_slug=outpatient-doctors`,
        { headers: { 'x-forwarded-for': '10.255.255.254' } },
      )
    ).json();
    const serviceIds = services.results.map((service) => service.id);
    const paths = workload(districtCodes, serviceIds);

    log(`   warming up (${WARMUP} s each)…`);
    await load(port, paths, WARMUP);
    await load(port, paths, WARMUP, { unique: true });
    await load(port, ['/healthz'], WARMUP);
    log(`   measuring (${DURATION} s each, ${CONNECTIONS} connections)…`);
    const loadBefore = loadavg()[0];
    const search = await load(port, paths, DURATION);
    const fresh = await load(port, paths, DURATION, { unique: true });
    const bare = await load(port, ['/healthz'], DURATION);
    return {
      size,
      search,
      fresh,
      bare,
      load: [loadBefore, loadavg()[0]],
      rss: residentMb(server.pid),
    };
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function ms(value) {
  return `${value.toFixed(1)} ms`;
}

log('Building the server (apps/server/dist)…');
run('npm', ['run', 'build', '-w', 'apps/server'], process.env);

const rows = [];
for (const size of SIZES) rows.push(await benchSize(size));

log('\nDoctor finder search vs bare JSON route, end to end over HTTP on this machine');
log(
  `(${CONNECTIONS} connections, ${DURATION} s per case after a ${WARMUP} s warm-up; latency percentiles over every response)\n`,
);
log(
  `Machine: ${cpus().length} cores. Other work on the machine skews every figure: see the load averages.\n`,
);
log('| service points | route | p50 | p95 | p99 | req/s | non-2xx | errors |');
log('|---:|---|---:|---:|---:|---:|---:|---:|');
for (const { size, search, fresh, bare } of rows) {
  for (const [name, r] of [
    ['search (workload as is)', search],
    ['search (every address new)', fresh],
    ['bare /healthz', bare],
  ]) {
    log(
      `| ${size.toLocaleString('en')} | ${name} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${Math.round(r.rps).toLocaleString('en')} | ${r.non2xx} | ${r.errors} |`,
    );
  }
}
log('');
for (const {
  size,
  search,
  fresh,
  bare,
  load: [before, after],
  rss,
} of rows) {
  log(
    `${size.toLocaleString('en')}: 1-minute load average ${before.toFixed(1)} before, ${after.toFixed(1)} after; server resident memory ${rss.toFixed(0)} MB.`,
  );
  const target = size <= 5000 ? 10 : 50;
  for (const [name, r] of [
    ['search (workload as is)', search],
    ['search (every address new)', fresh],
  ]) {
    log(
      `${size.toLocaleString('en')}: ${name} serves ${((r.rps / bare.rps) * 100).toFixed(1)}% of the bare route's req/s; p99 ${(r.p99 / Math.max(bare.p99, 0.001)).toFixed(1)}× the bare route's. Target p99 ≤ ${target} ms → ${r.p99 <= target ? 'met' : 'not met'}.`,
    );
  }
}
