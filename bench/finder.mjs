// The doctor finder's search end to end over HTTP, on the path the finder screen uses (spec
// member-app §7, issue 17): the GraphQL query the web sends, as GET (query and variables in the
// address, with the CSRF header). For a network of 5,000 and of 100,000 service points: seeds a
// fresh embedded database, starts the built server, warms it up, then loads it with a mixed
// workload of filters and Chinese/English text (autocannon, 10 connections) and, for
// comparison, the bare JSON route /healthz of the same server, in alternating rounds
// (finder as is, finder with every question new, /healthz; 3 rounds), and prints the medians.
// Reports, never fails on a figure.
//
// Two finder cases: as the workload comes (its 400 questions repeat, so after the warm-up the
// answer cache, decision 131, answers most of them), and every question new: on GraphQL a new
// question is new variables (an extra `_` variable numbering each request: the query ignores it,
// the answer cache and ETag do not), so no answer is ever kept and every request is validated,
// searched and written. With `--rest` the same questions go to the REST list instead
// (GET /api/customer/policy/service-point, a new question being `&_=n`).
//
// Beside latency and requests/s it prints the server's CPU per search (its own
// `process.cpuUsage()`, read before and after each round through bench/finder-probe.mjs, loaded
// into the server by this bench only) and the process's peak resident memory while its finder
// snapshot reloads (two snapshots live together), from /proc's VmHWM reset before the reload.
// The load generator runs on the same machine (2 cores here), taking CPU from the server.
//
//   npm run bench:finder                                  (both sizes, 15 s rounds)
//   npm run bench:finder -- --sizes 5000 --duration 5
//   npm run bench:finder -- --rest
//   npm run bench:finder -- --near   (every question also sorted by distance from a point)
//   npm run bench:finder -- --cpu-prof /tmp/profiles   (the server's CPU profile, written at exit)
//   npm run bench:finder -- --round-prof /tmp/profiles   (the server's CPU profile of the measured
//                                          every-question-new rounds only, one file a round)
//   npm run bench:finder -- --round-heap /tmp/profiles   (V8's sampling heap profile of the same
//                                          rounds, collected objects included: what a search
//                                          allocates; one .heapprofile a round)
//   V8's CPU profiles sample by the wall clock: a thread waiting on the core (the load generator
//   shares it) is counted where it waits, so a socket write looks costly. Where the CPU time
//   itself goes: Linux perf on the server, its code named through V8's perf map:
//     npm run bench:finder -- --only fresh --duration 25 \
//       --node-flags="--max-semi-space-size=32 --perf-basic-prof --no-compact-code-space"
//     perf record -F 1999 -g -p <the server's pid> -- sleep 12   (during the measured round)
//   npm run bench:finder -- --data-dir /tmp/finder-bench   (keeps each size's seed there, reused)
//   npm run bench:finder -- --only fresh   (only the every-question-new rounds, e.g. to profile)
//   npm run bench:finder -- --only fresh,bare,floor   (with the floor, below)
//   npm run bench:finder -- --server-dist apps/server/dist-main   (a copy of another build, run
//                                             as is: A/B back to back; not built first)
//   npm run bench:finder -- --rate 1500   (at most 1,500 requests a second: CPU per search
//                                          compared at one rate on a busy machine)
//   npm run bench:finder -- --addresses 10000   (requests from 10,000 client addresses in turn
//                                          instead of a new one each: the rate limit's share)
//
// The floor (case `floor`, on by default): after the rounds, 40 of the finder's own answers to
// new questions are served, in turn, by a bare Fastify route that does nothing else
// (bench/finder-floor-server.mjs), with the same load. Its CPU per request is what receiving
// such a request and sending such an answer costs here; the finder's own work is the difference.
//
// Every request carries its own X-Forwarded-For address (the server trusts the proxy header
// here), so the finder's per-address rate limit counts each one in PostgreSQL as it would in
// production, without stopping the load at 120 requests. With `--addresses N` they come from N
// addresses in turn instead.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { finderScreenQuery, freePort, mulberry32 } from './support.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = join(root, 'apps/server');

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '5000,100000' },
    duration: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    rest: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    'round-prof': { type: 'string' },
    'round-heap': { type: 'string' },
    'data-dir': { type: 'string' },
    only: { type: 'string' },
    // Diagnostics: what the server holds after a full collection, before the reload.
    live: { type: 'boolean', default: false },
    // Node flags for the server process (experiments: `--node-flags=--max-semi-space-size=16`).
    'node-flags': { type: 'string' },
    // Requests a second in all (autocannon's overallRate), to compare CPU per search at one
    // rate rather than at whatever rate a busy machine allows; unset: as fast as it answers.
    rate: { type: 'string' },
    // A built server to run as is, not built first (A/B: a copy of main's apps/server/dist).
    'server-dist': { type: 'string' },
    // Client addresses the requests come from, in turn (0: a new one for every request, the
    // default). A city's users search more than once a minute each; every address new is the
    // rate limit's worst case (a count kept and written for each).
    addresses: { type: 'string', default: '0' },
    // Every question also asks for the results nearest a point (`near`, issue 41): one of 40
    // points in Hong Kong, so the workload's questions still repeat.
    near: { type: 'boolean', default: false },
  },
});
const ADDRESSES = Number(values.addresses);
const ROUNDS = Number(values.rounds);
/** The cases measured: the workload as is (`search`), every question new (`fresh`), `/healthz`. */
const CASES = new Set((values.only ?? 'search,fresh,bare,floor').split(','));
const REST = values.rest;
const PROBE = join(root, 'bench/finder-probe.mjs');
const FLOOR_SERVER = join(root, 'bench/finder-floor-server.mjs');
/** The built server's directory: apps/server/dist, built by this bench unless given. */
const SERVER_DIST = values['server-dist'] ?? join(serverDir, 'dist');
// The profile of the measured every-question-new rounds, if one is asked for: one at a time (the
// server's probe holds one inspector session).
if (values['round-prof'] !== undefined && values['round-heap'] !== undefined) {
  throw new Error('--round-prof and --round-heap: one profile at a time');
}
const ROUND_PROFILE =
  values['round-prof'] !== undefined
    ? { kind: 'profile', dir: values['round-prof'], extension: 'cpuprofile' }
    : values['round-heap'] !== undefined
      ? { kind: 'heap', dir: values['round-heap'], extension: 'heapprofile' }
      : {};
const SIZES = values.sizes.split(',').map(Number);
const DURATION = Number(values.duration);
const WARMUP = Number(values.warmup);
const CONNECTIONS = Number(values.connections);
const POLICY = 'OP1000001';
const SECRET_KEY = 'bench-secret-key-bench-secret-key-0123456789';

function log(message) {
  process.stdout.write(`${message}\n`);
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

/** The finder screen's own query document (every field of every result, and the pagination). */
const SERVICE_POINTS_QUERY = finderScreenQuery();

/** The mixed workload: filters alone and combined, Chinese and English text, a few pages. */
function workload(districtCodes, serviceIds) {
  const random = mulberry32(20261122);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const questions = [];
  for (let i = 0; i < 400; i += 1) {
    const question = { policy_number: POLICY, page_size: 20 };
    const kind = i % 8;
    if (kind === 0 || kind === 4 || kind === 6) question.district_codes = [pick(districtCodes)];
    if (kind === 1 || kind === 4 || kind === 7) question.service_ids = [String(pick(serviceIds))];
    if (kind === 2 || kind === 5 || kind === 6 || kind === 7) question.search = pick(TEXTS);
    if (kind === 3 || kind === 5) {
      question.price_range = pick(['100,300', '200,600', '0,1000']);
    }
    if (kind === 6) question.expand_until_found = true;
    if (random() < 0.3) question.page = 2 + Math.floor(random() * 3);
    if (values.near) {
      const point = Math.floor(random() * 40);
      question.near = `${(22.25 + (point % 8) * 0.03).toFixed(4)},${(113.95 + Math.floor(point / 8) * 0.07).toFixed(4)}`;
    }
    questions.push(question);
  }
  return questions;
}

/** The address of a question; `n` (when given) makes it a question never asked before. */
function addressOf(question, n) {
  if (REST) {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(question)) {
      query.set(name, Array.isArray(value) ? value.join(',') : String(value));
    }
    if (n !== undefined) query.set('_', String(n));
    return `/api/customer/policy/service-point?${query.toString()}`;
  }
  const variables = { panel: 'outpatient', ...question };
  if (n !== undefined) variables._ = n;
  const query = new URLSearchParams({
    query: SERVICE_POINTS_QUERY,
    variables: JSON.stringify(variables),
  });
  return `/api/graphql?${query.toString()}`;
}

/** Headers of a finder request as the web sends them (GraphQL: the CSRF header, JSON). */
const FINDER_HEADERS = REST ? {} : { 'x-graphql-yoga-csrf': '1', accept: 'application/json' };

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

let addressCounter = 0;
function nextAddress() {
  addressCounter += 1;
  const n = ADDRESSES > 0 ? (addressCounter % ADDRESSES) + 1 : addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Asks the server's probe (bench/finder-probe.mjs) something over IPC. */
let messageId = 0;
function ask(server, type) {
  return askWith(server, { type });
}

/** The same with more in the message than its type. */
function askWith(server, { type, ...rest }) {
  messageId += 1;
  const id = messageId;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not answer ${type}`)), 30_000);
    const onMessage = (message) => {
      if (message?.id !== id) return;
      clearTimeout(timer);
      server.off('message', onMessage);
      if (message.error) reject(new Error(message.error));
      else resolve(message);
    };
    server.on('message', onMessage);
    server.send({ id, type, ...rest });
  });
}

/**
 * One autocannon run over `questions` (cycled; `paths` for fixed addresses); exact
 * percentiles from every response time, and the server's CPU per request. With `unique`, each
 * request is a question of its own.
 */
/**
 * Numbers the `_` variable of every-question-new requests across all rounds and warm-ups, so no
 * question is ever asked twice: numbered per round, a warm-up's questions came back in the
 * rounds within the same Hong Kong minute, and the answer cache kept (and later served) them.
 */
let uniqueCounter = 0;

async function load(server, port, { questions, paths, headers = {} }, seconds, unique = false) {
  let next = 0;
  const times = [];
  const before = await ask(server, 'usage');
  const threadsBefore = threadCpuMs(server.pid);
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    ...(values.rate === undefined ? {} : { overallRate: Number(values.rate) }),
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const path =
            paths === undefined
              ? addressOf(
                  questions[next % questions.length],
                  unique ? (uniqueCounter += 1) : undefined,
                )
              : paths[next % paths.length];
          next += 1;
          return {
            ...request,
            path,
            headers: {
              ...request.headers,
              ...headers,
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
  const after = await ask(server, 'usage');
  const threadsAfter = threadCpuMs(server.pid);
  const threadMs = (names) =>
    Object.keys(threadsAfter)
      .filter(names)
      .reduce((sum, name) => sum + threadsAfter[name] - (threadsBefore[name] ?? 0), 0);
  const cpuMs = (after.cpu.user - before.cpu.user + after.cpu.system - before.cpu.system) / 1000;
  times.sort((a, b) => a - b);
  const requests = result.requests.total;
  return {
    requests,
    rps: requests / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    cpuPerRequest: requests === 0 ? Number.NaN : cpuMs / requests,
    // Garbage collection in the server during the round: full collections, pause ms a second.
    // The same CPU by thread: the main thread, V8's workers (mostly the collector's), the rest.
    mainCpuPerRequest: threadMs((name) => name === 'MainThread' || name === 'node') / requests,
    v8WorkerCpuPerRequest: threadMs((name) => name.startsWith('V8')) / requests,
    majorGcs: after.gc.major - before.gc.major,
    gcMsPerSecond: (after.gc.pauseMs - before.gc.pauseMs) / seconds,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * CPU ms the server's threads have used, by thread name (Linux /proc; {} elsewhere): its main
 * thread (JavaScript, the atomic part of collections), V8's workers (concurrent marking and
 * sweeping, parallel scavenges, compiling), libuv's pool. Clock ticks of 10 ms.
 */
function threadCpuMs(pid) {
  const ms = {};
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, fields 14 and 15 of stat (11 and 12 after the name and state).
      const ticks = Number(fields[11]) + Number(fields[12]);
      ms[name] = (ms[name] ?? 0) + ticks * 10;
    }
  } catch {
    // not Linux, or the process is gone
  }
  return ms;
}

/** The server's memory in MB from /proc (Linux): resident now and the peak (VmHWM), or NaN. */
function memoryMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => {
      const match = new RegExp(`${name}:\\s+(\\d+) kB`).exec(status);
      return match ? Number(match[1]) / 1024 : Number.NaN;
    };
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/** Resident MB of the C heap's main arena (`[heap]` in /proc smaps: malloc's, not V8's), or NaN. */
function mallocHeapMb(pid) {
  try {
    const smaps = readFileSync(`/proc/${pid}/smaps`, 'utf8');
    const match = /\[heap\]\n(?:.*\n)*?Rss:\s+(\d+) kB/.exec(smaps);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * What the resident memory is made of, in MB, from /proc smaps (Linux; NaNs elsewhere): the C
 * heap's main arena (`[heap]`), glibc's other arenas (one per thread that allocated, each a
 * 64 MB-aligned reservation of 64 MB), other anonymous memory (V8's pages, large malloc blocks,
 * thread stacks) and files (the node binary, libraries).
 */
function residentParts(pid) {
  const parts = { main: Number.NaN, arenas: Number.NaN, arenaCount: 0, anonymous: 0, files: 0 };
  let smaps;
  try {
    smaps = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return parts;
  }
  const ARENA = 64 * 1024 * 1024;
  const regions = [];
  let region = null;
  for (const line of smaps.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      region = {
        start: Number.parseInt(head[1], 16),
        end: Number.parseInt(head[2], 16),
        perms: head[3],
        name: head[4],
        rss: 0,
      };
      regions.push(region);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && region) region.rss = Number(rss[1]) / 1024;
  }
  parts.main = 0;
  parts.arenas = 0;
  for (let i = 0; i < regions.length; i += 1) {
    const r = regions[i];
    if (r.name === '[heap]') parts.main += r.rss;
    else if (r.name !== '' && !r.name.startsWith('[')) parts.files += r.rss;
    else if (r.name !== '') parts.anonymous += r.rss;
    else {
      // A thread's arena: read-write from a 64 MB boundary, the rest of the 64 MB reserved.
      const next = regions[i + 1];
      const reserved =
        next && next.start === r.end && next.perms.startsWith('---') && next.name === ''
          ? next.end
          : r.end;
      if (r.start % ARENA === 0 && reserved - r.start === ARENA && r.perms.startsWith('rw')) {
        parts.arenas += r.rss;
        parts.arenaCount += 1;
      } else parts.anonymous += r.rss;
    }
  }
  return parts;
}

function describeResident(parts) {
  return `main arena ${parts.main.toFixed(0)} MB, ${parts.arenaCount} thread arenas ${parts.arenas.toFixed(0)} MB, other anonymous ${parts.anonymous.toFixed(0)} MB (V8's pages, large blocks, stacks), files ${parts.files.toFixed(0)} MB`;
}

/** The snapshot version a guest's GraphQL answer names in its ETag (`W/"f<version>-…"`). */
async function servedVersion(port, question) {
  const res = await fetch(`http://127.0.0.1:${port}${addressOfGraphql(question)}`, {
    headers: {
      'x-graphql-yoga-csrf': '1',
      accept: 'application/json',
      'x-forwarded-for': nextAddress(),
    },
  });
  await res.arrayBuffer();
  // A guest's ETag names the snapshot and the Hong Kong minute: snapshot × 10⁸ + minute.
  const match = /^W\/"f(\d+)-/.exec(res.headers.get('etag') ?? '');
  if (match === null)
    throw new Error(`not the finder's fast path: ETag ${res.headers.get('etag')}`);
  return Math.floor(Number(match[1]) / 100_000_000);
}

function addressOfGraphql(question) {
  const query = new URLSearchParams({
    query: SERVICE_POINTS_QUERY,
    variables: JSON.stringify({ panel: 'go', ...question }),
  });
  return `/api/graphql?${query.toString()}`;
}

/**
 * The process's peak resident memory while its finder snapshot reloads: VmHWM is reset (Linux
 * clear_refs 5), the stored version bumped through the probe, and memory sampled every 10 ms
 * until the served answers name the new version.
 */
async function reloadPeak(server, port) {
  const steady = memoryMb(server.pid).rss;
  let reset = true;
  try {
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  } catch {
    reset = false;
  }
  const started = Date.now();
  const { version } = await ask(server, 'reload');
  let sampled = steady;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, memoryMb(server.pid).rss);
  }, 10);
  try {
    const deadline = Date.now() + 600_000;
    while (Date.now() < deadline) {
      if ((await servedVersion(port, { page_size: 1, _: Date.now() })) >= version) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    clearInterval(sampler);
  }
  const peak = reset ? Math.max(memoryMb(server.pid).peak, sampled) : sampled;
  return { steady, peak, seconds: (Date.now() - started) / 1000, fromHwm: reset };
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
  const keep = values['data-dir'];
  const dataDir =
    keep === undefined
      ? mkdtempSync(join(tmpdir(), `clinicpass-bench-${size}-`))
      : join(keep, String(size));
  const seededBefore = keep !== undefined && existsSync(join(dataDir, 'seeded'));
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
    if (seededBefore) {
      log(`\n== ${size.toLocaleString('en')} service points (seeded before in ${dataDir})`);
    } else {
      log(`\n== ${size.toLocaleString('en')} service points: seeding…`);
      const seeded = Date.now();
      if (keep !== undefined) rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
      run('node', [join(SERVER_DIST, 'cli/seed.js'), '--service-points', String(size)], env);
      if (keep !== undefined) writeFileSync(join(dataDir, 'seeded'), '');
      log(`   seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s; starting the server`);
    }
    const profile = values['cpu-prof']
      ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`]
      : [];
    // The launchers' flags (decision 226), unless --node-flags says otherwise ("" for none).
    const flags =
      values['node-flags']?.split(' ').filter((flag) => flag !== '') ?? SERVER_NODE_FLAGS;
    server = spawn(
      'node',
      [...flags, ...profile, '--import', PROBE, join(SERVER_DIST, 'server.js')],
      {
        cwd: root,
        env,
        stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      },
    );
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
    const finder = { questions: workload(districtCodes, serviceIds), headers: FINDER_HEADERS };
    const bare = { paths: ['/healthz'] };

    // A first answer of the finder's own path, checked, so a broken path is not measured.
    const check = await fetch(`http://127.0.0.1:${port}${addressOf(finder.questions[0])}`, {
      headers: { ...FINDER_HEADERS, 'x-forwarded-for': '10.255.255.252' },
    });
    const checked = await check.json();
    if (!check.ok || checked.errors !== undefined) {
      throw new Error(`the finder path answered ${check.status}: ${JSON.stringify(checked)}`);
    }

    log(`   warming up (${WARMUP} s each)…`);
    if (CASES.has('search')) await load(server, port, finder, WARMUP);
    if (CASES.has('fresh')) await load(server, port, finder, WARMUP, true);
    if (CASES.has('bare')) await load(server, port, bare, WARMUP);
    log(
      `   measuring: ${ROUNDS} rounds of finder, finder (every question new), /healthz, ${DURATION} s each…`,
    );
    const loadBefore = loadavg()[0];
    const rounds = { search: [], fresh: [], bare: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      if (CASES.has('search')) rounds.search.push(await load(server, port, finder, DURATION));
      if (CASES.has('fresh')) {
        const { kind, dir, extension } = ROUND_PROFILE;
        if (kind !== undefined) await ask(server, `${kind}-start`);
        rounds.fresh.push(await load(server, port, finder, DURATION, true));
        if (kind !== undefined) {
          mkdirSync(dir, { recursive: true });
          const file = join(dir, `fresh-${size}-${rounds.fresh.length}.${extension}`);
          await askWith(server, { type: `${kind}-stop`, file });
          log(
            `   ${kind} profile of the round: ${file} (${rounds.fresh.at(-1).requests} searches)`,
          );
        }
      }
      if (CASES.has('bare')) rounds.bare.push(await load(server, port, bare, DURATION));
    }
    const loadAfter = loadavg()[0];
    const { memory: usage, spaces } = await ask(server, 'memory');
    const memory = {
      spaces,
      mallocHeap: mallocHeapMb(server.pid),
      parts: residentParts(server.pid),
      rss: memoryMb(server.pid).rss,
      heapUsed: usage.heapUsed / 1048576,
      heapTotal: usage.heapTotal / 1048576,
      arrayBuffers: usage.arrayBuffers / 1048576,
    };
    if (values.live) {
      // Diagnostics: a full collection first (the reload then starts from a collected heap).
      const live = await ask(server, 'live');
      log(
        `   after a full collection: resident ${memoryMb(server.pid).rss.toFixed(0)} MB, JS heap ${(live.memory.heapUsed / 1048576).toFixed(0)} MB used of ${(live.memory.heapTotal / 1048576).toFixed(0)} MB, array buffers ${(live.memory.arrayBuffers / 1048576).toFixed(0)} MB, C heap's main arena ${mallocHeapMb(server.pid).toFixed(0)} MB; spaces ${Object.entries(
          live.spaces,
        )
          .filter(([, [size]]) => size > 0)
          .map(
            ([space, [size, used]]) =>
              `${space.replace(/_space$/, '')} ${(size / 1048576).toFixed(0)}/${(used / 1048576).toFixed(0)}`,
          )
          .join(', ')}; ${describeResident(residentParts(server.pid))}`,
      );
    }
    log('   reloading the finder snapshot…');
    const reload = await reloadPeak(server, port);
    reload.parts = residentParts(server.pid);
    reload.rssAfter = memoryMb(server.pid).rss;
    if (CASES.has('floor')) rounds.floor = await floorRounds(port, finder, dataDir);
    return { size, rounds, load: [loadBefore, loadAfter], memory, reload };
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      if (server.connected) server.disconnect();
      server.kill('SIGTERM');
      await exited;
    }
    if (keep === undefined) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The floor: the finder's answers to 40 new questions (both languages), served in turn by a bare
 * Fastify route (bench/finder-floor-server.mjs) under the same load, every address new.
 */
async function floorRounds(port, finder, dataDir) {
  const answers = [];
  for (let i = 0; i < 40; i += 1) {
    const res = await fetch(
      `http://127.0.0.1:${port}${addressOf(finder.questions[i], (uniqueCounter += 1))}`,
      {
        headers: {
          ...finder.headers,
          'x-forwarded-for': nextAddress(),
          'accept-language': i % 2 === 0 ? 'zh-HK' : 'en',
        },
      },
    );
    if (!res.ok) throw new Error(`the finder answered ${res.status} for the floor's answers`);
    answers.push(Buffer.from(await res.arrayBuffer()).toString('base64'));
  }
  const file = join(dataDir, 'floor-answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const floorPort = await freePort();
  const floor = spawn('node', ['--import', PROBE, FLOOR_SERVER], {
    cwd: root,
    env: { ...process.env, PORT: String(floorPort), FLOOR_ANSWERS: file },
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  try {
    await waitReady(floorPort, floor);
    const bytes = answers.reduce((sum, body) => sum + Buffer.from(body, 'base64').length, 0);
    log(
      `   the floor: ${answers.length} answers of ${(bytes / answers.length / 1024).toFixed(1)} KiB on average, from a bare route (${WARMUP} s warm-up, ${ROUNDS} rounds)…`,
    );
    await load(floor, floorPort, finder, WARMUP, true);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      rounds.push(await load(floor, floorPort, finder, DURATION, true));
    }
    return rounds;
  } finally {
    const exited = new Promise((resolve) => floor.once('exit', resolve));
    if (floor.connected) floor.disconnect();
    floor.kill('SIGTERM');
    await exited;
    rmSync(file, { force: true });
  }
}

/** Medians over the rounds of each figure. */
function medians(list) {
  const pick = (name) => median(list.map((r) => r[name]));
  return {
    p50: pick('p50'),
    p99: pick('p99'),
    rps: pick('rps'),
    cpuPerRequest: pick('cpuPerRequest'),
    mainCpuPerRequest: pick('mainCpuPerRequest'),
    v8WorkerCpuPerRequest: pick('v8WorkerCpuPerRequest'),
    majorGcs: pick('majorGcs'),
    gcMsPerSecond: pick('gcMsPerSecond'),
    non2xx: list.reduce((sum, r) => sum + r.non2xx, 0),
    errors: list.reduce((sum, r) => sum + r.errors, 0),
  };
}

function ms(value, digits = 1) {
  return `${value.toFixed(digits)} ms`;
}

if (values['server-dist'] === undefined) {
  log('Building the server (apps/server/dist)…');
  run('npm', ['run', 'build', '-w', 'apps/server'], process.env);
} else log(`Running the server built in ${SERVER_DIST}`);

const rows = [];
for (const size of SIZES) rows.push(await benchSize(size));

const path = REST
  ? 'REST GET /api/customer/policy/service-point'
  : 'GraphQL GET /api/graphql (the screen’s query)';
log(`\nDoctor finder search vs bare JSON route, end to end over HTTP on this machine: ${path}`);
log(
  `(${CONNECTIONS} connections; medians of ${ROUNDS} alternating rounds of ${DURATION} s after a ${WARMUP} s warm-up; latency percentiles over every response; server CPU from its own process.cpuUsage(); client addresses: ${ADDRESSES > 0 ? `${ADDRESSES.toLocaleString('en')} in turn` : 'a new one for every request'})\n`,
);
log(
  `Machine: ${cpus().length} cores, shared with the load generator. Other work on the machine skews every figure: see the load averages.\n`,
);
log('| service points | route | p50 | p99 | req/s | server CPU per request | non-2xx | errors |');
log('|---:|---|---:|---:|---:|---:|---:|---:|');
for (const { size, rounds } of rows) {
  for (const [name, list] of [
    ['search (workload as is)', rounds.search],
    ['search (every question new)', rounds.fresh],
    ['bare /healthz', rounds.bare],
    ['floor: the same answers from a bare route', rounds.floor ?? []],
  ]) {
    if (list.length === 0) continue;
    const r = medians(list);
    log(
      `| ${size.toLocaleString('en')} | ${name} | ${ms(r.p50)} | ${ms(r.p99)} | ${Math.round(r.rps).toLocaleString('en')} | ${ms(r.cpuPerRequest, 3)} | ${r.non2xx} | ${r.errors} |`,
    );
  }
}
log('');
for (const {
  size,
  rounds,
  load: [before, after],
  memory,
  reload,
} of rows) {
  const name = size.toLocaleString('en');
  const fresh = medians(rounds.fresh);
  const bare = medians(rounds.bare);
  log(
    `${name}: 1-minute load average ${before.toFixed(1)} before, ${after.toFixed(1)} after; server resident memory ${memory.rss.toFixed(0)} MB after the rounds (JS heap ${memory.heapUsed.toFixed(0)} MB used of ${memory.heapTotal.toFixed(0)} MB, array buffers ${memory.arrayBuffers.toFixed(0)} MB, C heap's main arena ${memory.mallocHeap.toFixed(0)} MB).`,
  );
  log(`${name}: resident after the rounds: ${describeResident(memory.parts)}.`);
  log(
    `${name}: resident after the reload ${reload.rssAfter.toFixed(0)} MB: ${describeResident(reload.parts)}.`,
  );
  log(
    `${name}: V8 spaces after the rounds, MB committed/used: ${Object.entries(memory.spaces ?? {})
      .map(
        ([space, [size, used]]) =>
          `${space.replace(/_space$/, '')} ${(size / 1048576).toFixed(0)}/${(used / 1048576).toFixed(0)}`,
      )
      .join(', ')}.`,
  );
  log(
    `${name}: finder snapshot reload took ${reload.seconds.toFixed(1)} s; resident memory ${reload.steady.toFixed(0)} MB before it, peak ${reload.peak.toFixed(0)} MB during it (${reload.fromHwm ? 'VmHWM' : 'sampled every 10 ms'}). Target peak ≤ 600 MB → ${reload.peak <= 600 ? 'met' : 'not met'}.`,
  );
  log(
    `${name}: garbage collection in the server while every question was new: ${fresh.majorGcs} full collections a round, ${fresh.gcMsPerSecond.toFixed(0)} ms of pauses a second; CPU per search on the main thread ${fresh.mainCpuPerRequest.toFixed(3)} ms, on V8's workers ${fresh.v8WorkerCpuPerRequest.toFixed(3)} ms (medians).`,
  );
  if (rounds.floor !== undefined && rounds.fresh.length > 0) {
    const floor = medians(rounds.floor);
    log(
      `${name}: the floor (the finder's answers sent by a route doing nothing else) costs ${floor.cpuPerRequest.toFixed(3)} ms of server CPU a request (main thread ${floor.mainCpuPerRequest.toFixed(3)}, V8's workers ${floor.v8WorkerCpuPerRequest.toFixed(3)}), p99 ${ms(floor.p99)}, ${Math.round(floor.rps).toLocaleString('en')} req/s: the finder's own work on top is ${(fresh.cpuPerRequest - floor.cpuPerRequest).toFixed(3)} ms a search, and the 0.15 ms target leaves ${(0.15 - floor.cpuPerRequest).toFixed(3)} ms for it.`,
    );
  }
  const ratio = (fresh.rps / bare.rps) * 100;
  const p99Target = size <= 5000 ? 2 : 5;
  log(
    `${name}: every question new serves ${ratio.toFixed(1)}% of /healthz's req/s (target ≥ 20% → ${ratio >= 20 ? 'met' : 'not met'}); server CPU per search ${fresh.cpuPerRequest.toFixed(3)} ms vs /healthz's ${bare.cpuPerRequest.toFixed(3)} ms (target ≤ 0.15 ms → ${fresh.cpuPerRequest <= 0.15 ? 'met' : 'not met'}); p99 ${ms(fresh.p99)} beside /healthz's ${ms(bare.p99)} (target ≤ ${p99Target} ms → ${fresh.p99 <= p99Target ? 'met' : 'not met'}).`,
  );
}
