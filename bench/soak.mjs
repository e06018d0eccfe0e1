// Soak (issue 15): mixed load from several processes at once against the built server on a fresh
// embedded database, for a duration (default 10 minutes):
//   - finder: service-point searches on the demo policy's network, mixed filters and text;
//   - look-up: captcha challenge, proof of work solved here, member look-up (demo member);
//   - sign-in: password, then the SMS code read from the dev outbox (accounts with a phone);
//   - platform: reads (policies, payment methods, service requests) and idempotent writes
//     (payment methods with an Idempotency-Key; some sent twice, the second must replay).
// Sign-in allows 60 requests a minute per address and 5 codes an hour per account, so every
// request carries an address of its own (TRUST_PROXY) and each account signs in at most 4 times
// (a new one is created through the dev identity API when needed).
// Prints requests, p50/p99 per kind, 5xx (target 0), other unexpected answers, and the server's
// resident memory at start and end. Reports, never fails on a figure.
//
//   npm run bench:soak                                  (10 minutes, 4 processes)
//   npm run bench:soak -- --duration 30 --processes 2
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import {
  buildServer,
  call,
  createAccount,
  freePort,
  log,
  percentile,
  residentMb,
  serverEnv,
  signIn,
  sleep,
  solvedCaptcha,
  startServer,
  stopServer,
  waitReady,
} from './support.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '600' },
    processes: { type: 'string', default: '4' },
    connections: { type: 'string', default: '4' },
    'captcha-difficulty': { type: 'string', default: '50' },
    worker: { type: 'string' },
    base: { type: 'string' },
  },
});
const DURATION = Number(values.duration);
const POLICY = 'OP1000001';
const MEMBER = { identity_document_number: 'A123456(3)', phone_number: '91234567' };
const TEXTS = ['陳', '中環', '李', '旺角', '醫生', 'chan', 'central', 'road', 'wong', 'clinic'];
/** Sign-ins per account (the limit is 5 codes an hour). */
const SIGN_INS_PER_ACCOUNT = 4;

// ---------------------------------------------------------------- a load process

async function worker(index, base, seconds, connections, lists) {
  const stats = {};
  const note = (kind, res, expected = [200]) => {
    const entry = (stats[kind] ??= { times: [], fiveXx: 0, unexpected: 0, statuses: {} });
    entry.times.push(res.ms);
    entry.statuses[res.status] = (entry.statuses[res.status] ?? 0) + 1;
    if (res.status >= 500) entry.fiveXx += 1;
    else if (!expected.includes(res.status)) entry.unexpected += 1;
    if (res.status >= 500 || !expected.includes(res.status)) {
      const code = `${res.status} ${res.json?.code ?? 'no code'}`;
      entry.codes = entry.codes ?? {};
      entry.codes[code] = (entry.codes[code] ?? 0) + 1;
    }
  };
  const failed = (kind) => {
    const entry = (stats[kind] ??= { times: [], fiveXx: 0, unexpected: 0, statuses: {} });
    entry.errors = (entry.errors ?? 0) + 1;
  };
  let addressCount = 0;
  const address = () => {
    addressCount += 1;
    return `10.${100 + index}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
  };
  let seed = 1000 + index;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];

  // Accounts with a phone, for sign-in: one per lane at a time (so the newest code sent to its
  // phone is its own), each used at most SIGN_INS_PER_ACCOUNT times.
  let accountCount = 0;
  const nextAccount = async (lane) => {
    if (lane.account !== null && lane.account.uses < SIGN_INS_PER_ACCOUNT) return lane.account;
    accountCount += 1;
    const tag = `${index}-${accountCount}-${randomUUID().slice(0, 6)}`;
    const phone = `+8529${(index % 8) + 1}${String(accountCount).padStart(6, '0')}`;
    const email = `soak-${tag}@example.com`;
    await createAccount(base, email, phone);
    lane.account = { email, phone, uses: 0 };
    return lane.account;
  };

  // The platform user: no phone (no code to send), signed in again when its token expires.
  const platformEmail = `soak-platform-${index}-${randomUUID().slice(0, 6)}@example.com`;
  await createAccount(base, platformEmail);
  let platformToken = (await signIn(base, { email: platformEmail }, address())).token;
  const written = [];

  const finder = async () => {
    const query = new URLSearchParams({ policy_number: POLICY, page_size: '20' });
    const kind = Math.floor(random() * 4);
    if (kind === 0) query.set('district_codes', pick(lists.districtCodes));
    if (kind === 1) query.set('service_ids', String(pick(lists.serviceIds)));
    if (kind === 2) query.set('search', pick(TEXTS));
    if (random() < 0.3) query.set('page', String(2 + Math.floor(random() * 3)));
    const res = await call(base, `/api/customer/policy/service-point?${query.toString()}`, {
      headers: { 'x-forwarded-for': address(), 'accept-language': random() < 0.5 ? 'zh-HK' : 'en' },
    });
    note('finder search', res);
  };

  const lookUp = async () => {
    const from = address();
    const captcha = await solvedCaptcha(base, { 'x-forwarded-for': from });
    const res = await call(base, '/api/customer/outpatient/member-ticket', {
      method: 'POST',
      body: MEMBER,
      headers: { 'x-forwarded-for': from, 'x-captcha': captcha },
    });
    const asked = res.json?.details?.difficulty;
    if (res.status === 400 && res.json?.code === 'captcha_required' && asked !== undefined) {
      // More than CAPTCHA_FREE_FAILURES look-ups of one HKID in flight count as pending
      // failures (decision 150): the web solves a challenge of the difficulty asked and retries
      // once (decision 151), and so does this client.
      note('member look-up (asked a harder captcha)', res, [400]);
      const harder = await solvedCaptcha(base, { 'x-forwarded-for': from }, asked);
      const again = await call(base, '/api/customer/outpatient/member-ticket', {
        method: 'POST',
        body: MEMBER,
        headers: { 'x-forwarded-for': from, 'x-captcha': harder },
      });
      note('member look-up (retried)', again);
      return;
    }
    note('member look-up', res);
  };

  const signInFlow = async (lane) => {
    const account = await nextAccount(lane);
    account.uses += 1;
    const { steps } = await signIn(base, account, address());
    note('sign-in (password)', steps[0]);
    if (steps[1] !== undefined) note('sign-in (SMS code)', steps[1]);
  };

  const platformGet = async (path) => {
    let res = await call(base, path, { headers: { authorization: `Bearer ${platformToken}` } });
    if (res.status === 401) {
      platformToken = (await signIn(base, { email: platformEmail }, address())).token;
      res = await call(base, path, { headers: { authorization: `Bearer ${platformToken}` } });
    }
    return res;
  };

  const platformRead = async () => {
    const path = pick([
      '/api/customer/policy',
      '/api/customer/payment-method?page_size=20',
      '/api/customer/policy/service-request',
      ...(written.length > 0 ? [`/api/customer/payment-method/${pick(written).answer.id}`] : []),
    ]);
    note('platform read', await platformGet(path));
  };

  const platformWrite = async () => {
    // One write in five sends an earlier key again: it must answer the stored answer.
    const replay = written.length > 0 && random() < 0.2;
    const op = replay
      ? pick(written)
      : {
          key: randomUUID(),
          body: { gateway: 'fps', token: `soak-${randomUUID()}`, holder_name: 'SOAK TEST' },
        };
    const res = await call(base, '/api/customer/payment-method', {
      method: 'POST',
      body: op.body,
      headers: { authorization: `Bearer ${platformToken}`, 'idempotency-key': op.key },
    });
    if (res.status === 401) {
      platformToken = (await signIn(base, { email: platformEmail }, address())).token;
      return;
    }
    note(replay ? 'platform write (replay)' : 'platform write', res);
    if (res.status !== 200) return;
    if (replay) {
      if (!isDeepStrictEqual(res.json, op.answer)) failed('platform write (replay)');
    } else {
      op.answer = res.json;
      // Keep a bounded sample to replay from.
      if (written.length < 200) written.push(op);
      else written[Math.floor(random() * written.length)] = op;
    }
  };

  const mix = [
    [0.4, finder, 'finder search'],
    [0.15, lookUp, 'member look-up'],
    [0.1, signInFlow, 'sign-in (password)'],
    [0.2, platformRead, 'platform read'],
    [0.15, platformWrite, 'platform write'],
  ];
  const end = Date.now() + seconds * 1000;
  const lane = async () => {
    const state = { account: null };
    while (Date.now() < end) {
      let r = random();
      const [, task, kind] = mix.find(([weight]) => (r -= weight) < 0) ?? mix[0];
      try {
        await task(state);
      } catch {
        failed(kind);
        await sleep(50);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, lane));
  return stats;
}

if (values.worker !== undefined) {
  const lists = await new Promise((resolve) => process.once('message', resolve));
  const stats = await worker(
    Number(values.worker),
    values.base,
    DURATION,
    Number(values.connections),
    lists,
  );
  process.send(stats, () => process.exit(0));
} else {
  await main();
}

// ---------------------------------------------------------------- the coordinator

async function main() {
  const processes = Number(values.processes);
  const dataDir = mkdtempSync(join(tmpdir(), 'clinicpass-soak-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log('Building the server (apps/server/dist)…');
  buildServer();
  const server = startServer(
    serverEnv(dataDir, port, { CAPTCHA_DIFFICULTY: values['captcha-difficulty'] }),
    join(dataDir, 'server.log'),
  );
  try {
    log(`Starting the server on a fresh embedded database (${dataDir})…`);
    await waitReady(base, server);
    const first = await call(base, `/api/customer/policy/service-point?policy_number=${POLICY}`, {
      headers: { 'x-forwarded-for': '10.99.0.1' },
      timeout: 300_000,
    });
    if (first.status !== 200) throw new Error(`the first search answered ${first.status}`);
    const regions = await call(base, '/api/customer/country-region', {
      headers: { 'x-forwarded-for': '10.99.0.2' },
    });
    const districtCodes = regions.json.results
      .filter((region) => !/macau|mainland-china/.test(region.code))
      .flatMap((region) => region.districts.map((district) => district.code));
    const services = await call(
      base,
      '/api/customer/health/healthcare-service?no_pagination=true&provision_slug=outpatient-doctors',
      { headers: { 'x-forwarded-for': '10.99.0.3' } },
    );
    const serviceIds = services.json.results.map((service) => service.id);

    const rssStart = residentMb(server.pid);
    const samples = [rssStart];
    const sampler = setInterval(() => samples.push(residentMb(server.pid)), 5000);
    const loadBefore = loadavg()[0];
    log(
      `Load: ${processes} processes × ${values.connections} connections for ${DURATION} s (captcha difficulty ${values['captcha-difficulty']})…`,
    );
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: processes }, (_, index) => {
        const child = fork(
          new URL(import.meta.url).pathname,
          [
            '--worker',
            String(index),
            '--base',
            base,
            '--duration',
            String(DURATION),
            '--connections',
            values.connections,
            '--captcha-difficulty',
            values['captcha-difficulty'],
          ],
          { stdio: 'inherit' },
        );
        child.send({ districtCodes, serviceIds });
        return new Promise((resolve, reject) => {
          let stats = null;
          child.on('message', (message) => {
            stats = message;
          });
          child.on('exit', (code) =>
            stats === null
              ? reject(new Error(`load process ${index} exited ${code}`))
              : resolve(stats),
          );
        });
      }),
    );
    const elapsed = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const rssEnd = residentMb(server.pid);
    samples.push(rssEnd);

    const merged = {};
    for (const stats of results) {
      for (const [kind, entry] of Object.entries(stats)) {
        const into = (merged[kind] ??= {
          times: [],
          fiveXx: 0,
          unexpected: 0,
          errors: 0,
          statuses: {},
        });
        into.times.push(...entry.times);
        into.fiveXx += entry.fiveXx;
        into.unexpected += entry.unexpected;
        into.errors += entry.errors ?? 0;
        for (const [status, n] of Object.entries(entry.statuses)) {
          into.statuses[status] = (into.statuses[status] ?? 0) + n;
        }
        for (const [code, n] of Object.entries(entry.codes ?? {})) {
          into.codes = into.codes ?? {};
          into.codes[code] = (into.codes[code] ?? 0) + n;
        }
      }
    }
    const kinds = Object.keys(merged).sort();
    const total = kinds.reduce((sum, kind) => sum + merged[kind].times.length, 0);
    const fiveXx = kinds.reduce((sum, kind) => sum + merged[kind].fiveXx, 0);
    log(
      `\nSoak: ${elapsed.toFixed(0)} s of mixed load, ${processes} processes × ${values.connections} connections`,
    );
    log(
      `Machine: ${cpus().length} cores; 1-minute load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after.\n`,
    );
    log('| kind | requests | p50 | p99 | 5xx | other unexpected | client errors | statuses |');
    log('|---|---:|---:|---:|---:|---:|---:|---|');
    for (const kind of kinds) {
      const entry = merged[kind];
      const times = entry.times.sort((a, b) => a - b);
      const statuses = Object.entries(entry.statuses)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ');
      log(
        `| ${kind} | ${times.length} | ${percentile(times, 50).toFixed(0)} ms | ${percentile(times, 99).toFixed(0)} ms | ${entry.fiveXx} | ${entry.unexpected} | ${entry.errors} | ${statuses} |`,
      );
    }
    for (const kind of kinds) {
      const codes = Object.entries(merged[kind].codes ?? {});
      if (codes.length > 0) {
        log(
          `${kind}, unexpected answers by code: ${codes.map(([c, n]) => `${c} ×${n}`).join(', ')}`,
        );
      }
    }
    log(`\nRequests: ${total} (${(total / elapsed).toFixed(1)}/s). 5xx: ${fiveXx} (target 0).`);
    log(
      `Server resident memory: ${rssStart.toFixed(0)} MB at start, ${rssEnd.toFixed(0)} MB at end (min ${Math.min(...samples).toFixed(0)}, max ${Math.max(...samples).toFixed(0)} MB over ${samples.length} samples).`,
    );
    const perMinute = samples.filter((_, index) => index % 12 === 0).map((mb) => mb.toFixed(0));
    log(`Resident memory each minute (MB): ${perMinute.join(', ')}.`);
    log(
      '"client errors": a request that got no answer (refused, cut or timed out) or a replay answering differently.',
    );
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
