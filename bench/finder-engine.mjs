// The finder's search engine measured in-process, step by step (issue 17): for a network of
// 5,000 and of 100,000 service points on an embedded PostgreSQL, the snapshot's build time and
// memory, the process's peak RSS while a reload holds two snapshots, and the CPU time per search
// (process.cpuUsage) over a fixed mix of new questions:
//   - engine, mixed text: filters and text from a fixed vocabulary (a word's matches may be
//     known from an earlier question, as in real traffic), every combination new;
//   - engine, new text: every question has a text never searched before (pieces of real names
//     and addresses), so nothing about its words is known yet;
//   - service: the same mixed questions through the finder service (access check, search,
//     answer written as JSON), without HTTP;
//   - GraphQL GET: the same mixed questions as the finder screen's GraphQL query, every one new
//     (an extra `_` variable), through the whole application (`app.inject`: hooks, rate limit,
//     the fast path, the written answer; no socket), beside `/healthz` through the same
//     application: the difference is what a search costs beyond the bare route.
// Reports, never fails on a figure. Other work on the machine skews every figure: see the load.
//
//   npm run bench:finder-engine
//   npm run bench:finder-engine -- --sizes 5000 --questions 500 --data-dir /tmp/finder-bench
//   npm run bench:finder-engine -- --cpu-prof /tmp/profiles   (a CPU profile of the GraphQL
//                                                             measurement, per size)
//
// With --data-dir, each size's seeded database is kept there and reused by the next run. Each
// size runs in a process of its own, so its memory figures are its own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { ServicePointQuerySchema } from '@clinicpass/shared/schemas/finder';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { ensureDatabase, runMigrations } from '../apps/server/src/db/migrate.ts';
import { seedDatabase } from '../apps/server/src/db/seed/seed.ts';
import { createFinderRepository } from '../apps/server/src/modules/finder/finder.repository.ts';
import { createFinderService } from '../apps/server/src/modules/finder/finder.service.ts';
import { searchTerms } from '../apps/server/src/modules/finder/text/search-text.ts';
import { finderScreenQuery, mulberry32 } from './support.mjs';

const finderDir = new URL('../apps/server/src/modules/finder/', import.meta.url);
// Before the split of issue 17 the snapshot and the search lived in finder.memory.ts.
const legacy = existsSync(new URL('finder.memory.ts', finderDir));
const { loadFinderSnapshot } = await import(
  new URL(legacy ? 'finder.memory.ts' : 'finder.snapshot.ts', finderDir).href
);
const { searchSnapshot } = await import(
  new URL(legacy ? 'finder.memory.ts' : 'finder.engine.ts', finderDir).href
);

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '5000,100000' },
    questions: { type: 'string', default: '2000' },
    'data-dir': { type: 'string' },
    child: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const QUESTIONS = Number(values.questions);
const POLICY = 'OP1000001';
const SECRET = 'bench-secret-key-with-at-least-32-characters';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

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
  '铜锣湾',
  'TST',
  'Huang',
  'skin',
  '跌打',
  'Prince Edward',
  'Mei Foo',
  'cheung',
  'li',
  'a',
  '大道',
  'medical centre',
];

/** Questions (panel criteria and page) of a fixed mix; `text` gives each one's search text. */
function questions(count, seed, reference, text) {
  const random = mulberry32(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const list = [];
  for (let i = 0; i < count; i += 1) {
    const kind = i % 8;
    const query = { panel: random() < 0.85 ? 'outpatient' : 'go' };
    if (kind === 0 || kind === 4 || kind === 6) query.district_codes = [pick(reference.districts)];
    if (kind === 1 || kind === 4 || kind === 7) query.service_ids = [pick(reference.services)];
    if (kind === 2 || kind === 5 || kind === 6 || kind === 7) query.search = text(random, i);
    if (kind === 3 || kind === 5) {
      const min = Math.floor(random() * 600);
      query.priceRange = { min, max: min + 50 + Math.floor(random() * 500) };
    }
    if (kind === 1 && random() < 0.3) query.specialty_slug = [pick(reference.specialties)];
    const page = random() < 0.3 ? 2 + Math.floor(random() * 3) : 1;
    list.push({ query, offset: (page - 1) * 20, limit: 20, page });
  }
  return list;
}

function cpuMs(start) {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function heapMb() {
  const usage = process.memoryUsage();
  return (usage.heapUsed + usage.arrayBuffers) / 1024 / 1024;
}

/** CPU ms per search of the engine over `list` (terms parsed per question, as a request does). */
function engineCpu(snapshot, list) {
  const start = process.cpuUsage();
  const wall = performance.now();
  let found = 0;
  for (const { query, offset, limit } of list) {
    const { search, ...criteria } = query;
    const page = searchSnapshot(
      snapshot,
      { ...criteria, terms: searchTerms(search) },
      offset,
      limit,
    );
    found += page.total;
  }
  return {
    cpu: cpuMs(start) / list.length,
    wall: (performance.now() - wall) / list.length,
    found,
  };
}

/**
 * CPU ms per search through the finder service (access check, search, answer written as JSON),
 * the queries validated beforehand (as the route's schema does; its cost is `parse`).
 */
async function serviceCpu(service, list) {
  let start = process.cpuUsage();
  const asked = list.map(({ query, page }) =>
    ServicePointQuerySchema.parse({
      policy_number: POLICY,
      page: String(page),
      page_size: '20',
      ...(query.district_codes ? { district_codes: query.district_codes.join(',') } : {}),
      ...(query.service_ids ? { service_ids: query.service_ids.join(',') } : {}),
      ...(query.specialty_slug ? { specialty_slug: query.specialty_slug.join(',') } : {}),
      ...(query.priceRange
        ? { price_range: `${query.priceRange.min},${query.priceRange.max}` }
        : {}),
      ...(query.search === undefined ? {} : { search: query.search }),
    }),
  );
  const parse = cpuMs(start) / list.length;
  start = process.cpuUsage();
  const wall = performance.now();
  for (const [i, { query }] of list.entries()) {
    await service.searchServicePointsJson(query.panel === 'go' ? 'go' : 'outpatient', asked[i], {
      language: i % 2 ? 'en' : 'zh-HK',
      userId: null,
    });
  }
  return {
    cpu: cpuMs(start) / list.length,
    wall: (performance.now() - wall) / list.length,
    parse,
  };
}

/** The variables of a question as the finder screen sends them, made new by `_`. */
function variablesOf({ query, page }, n) {
  return {
    panel: query.panel,
    policy_number: POLICY,
    page,
    page_size: 20,
    ...(query.district_codes ? { district_codes: query.district_codes } : {}),
    ...(query.service_ids ? { service_ids: query.service_ids.map(String) } : {}),
    ...(query.specialty_slug ? { specialty_slug: query.specialty_slug } : {}),
    ...(query.priceRange ? { price_range: `${query.priceRange.min},${query.priceRange.max}` } : {}),
    ...(query.search === undefined ? {} : { search: query.search }),
    _: n,
  };
}

/** A profile of what `measure` runs, written to `--cpu-prof`'s folder as `<name>.cpuprofile`. */
async function profiled(name, measure) {
  if (values['cpu-prof'] === undefined) return measure();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  try {
    return await measure();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(path.join(values['cpu-prof'], `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/**
 * CPU ms per request through the whole application (`app.inject`), each from an address of its
 * own (as bench/finder.mjs asks; the rate limit counts each): the screen's GraphQL query as GET,
 * every question new, and `/healthz`. Every finder answer must be the fast path's (its ETag).
 */
async function graphqlCpu(app, list, offset) {
  const query = finderScreenQuery();
  const asked = list.map((question, i) => ({
    url: `/api/graphql?${new URLSearchParams({
      query,
      variables: JSON.stringify(variablesOf(question, offset + i)),
    }).toString()}`,
    language: i % 2 ? 'en' : 'zh-HK',
  }));
  const address = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  let start = process.cpuUsage();
  const wall = performance.now();
  let fast = 0;
  for (const [i, { url, language }] of asked.entries()) {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: {
        'x-graphql-yoga-csrf': '1',
        accept: 'application/json',
        'accept-language': language,
        'x-forwarded-for': address(offset + i),
      },
    });
    if (res.statusCode !== 200) throw new Error(`GraphQL answered ${res.statusCode}: ${res.body}`);
    if (/^W\/"f/.test(String(res.headers.etag))) fast += 1;
  }
  const search = {
    cpu: cpuMs(start) / list.length,
    wall: (performance.now() - wall) / list.length,
    fast,
  };
  start = process.cpuUsage();
  for (let i = 0; i < list.length; i += 1) {
    const res = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-for': address(offset + i) },
    });
    if (res.statusCode !== 200) throw new Error(`/healthz answered ${res.statusCode}`);
  }
  return { ...search, bare: cpuMs(start) / list.length };
}

async function benchSize(size, dataDir) {
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, String(size)),
    ephemeral: values['data-dir'] === undefined,
  });
  try {
    await ensureDatabase(postgres.adminUrl, 'clinicpass_bench');
    const handle = connectDatabase(postgres.urlFor('clinicpass_bench'));
    try {
      const db = handle.db;
      await runMigrations(handle);
      const seeded = await db.execute(sql`SELECT count(*)::int AS n FROM service_point`);
      if (seeded.rows[0].n === 0) {
        log(`\n== ${size.toLocaleString('en')} service points: seeding…`);
        const started = Date.now();
        await seedDatabase(db, { secretKey: SECRET, servicePoints: size });
        log(`   seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } else {
        log(`\n== ${size.toLocaleString('en')} service points (seeded before)`);
      }

      // Build: the first snapshot, then a reload beside it (two snapshots alive).
      gc();
      const heapBefore = heapMb();
      let cpu = process.cpuUsage();
      let wall = performance.now();
      let snapshot = await loadFinderSnapshot(db);
      const build = { wall: performance.now() - wall, cpu: cpuMs(cpu) };
      gc();
      const snapshotMb = heapMb() - heapBefore;

      let peakRss = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 5);
      cpu = process.cpuUsage();
      wall = performance.now();
      const second = await loadFinderSnapshot(db);
      const reload = { wall: performance.now() - wall, cpu: cpuMs(cpu) };
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      clearInterval(sampler);
      snapshot = second;
      gc();

      const reference = {
        districts: [...snapshot.districts.keys()].filter((code) => !/^(MO|CN)/.test(code)),
        services: (
          await db.execute(sql`SELECT DISTINCT service_id AS id FROM service_point_search`)
        ).rows.map((row) => row.id),
        specialties: (
          await db.execute(
            sql`SELECT DISTINCT specialty_slug AS slug FROM service_point_search WHERE specialty_slug IS NOT NULL`,
          )
        ).rows.map((row) => row.slug),
      };
      const names = (
        await db.execute(
          sql`SELECT card->>'doctor_name_en' AS a, card->>'doctor_name_zh' AS b,
                card->>'venue_name_en' AS c, card->>'address_line_one' AS d
              FROM service_point_card ORDER BY service_point_id LIMIT 5000`,
        )
      ).rows.flatMap((row) => [row.a, row.b, row.c, row.d]);
      const vocabulary = (random) => TEXTS[Math.floor(random() * TEXTS.length)];
      const fresh = (random) => {
        const name = names[Math.floor(random() * names.length)];
        const from = Math.floor(random() * Math.max(1, name.length - 3));
        return name.slice(from, from + 2 + Math.floor(random() * 4)).trim() || 'a';
      };

      // Warm-up (JIT), then the measured mixes.
      engineCpu(snapshot, questions(300, 7, reference, vocabulary));
      const mixed = engineCpu(snapshot, questions(QUESTIONS, 20261125, reference, vocabulary));
      const newText = engineCpu(snapshot, questions(QUESTIONS, 20261126, reference, fresh));

      const readModel = {
        current: () => snapshot,
        loaded: () => true,
        refresh: () => Promise.resolve(false),
        close: () => Promise.resolve(),
      };
      const service = createFinderService(createFinderRepository(db), readModel);
      await serviceCpu(service, questions(300, 8, reference, vocabulary));
      const served = await serviceCpu(
        service,
        questions(QUESTIONS, 20261127, reference, vocabulary),
      );

      // The whole application, as the server runs it (its own read model, loaded here).
      const { buildApp } = await import('../apps/server/src/app.ts');
      const { loadConfig } = await import('../apps/server/src/config.ts');
      const app = await buildApp({
        config: loadConfig({
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
          SECRET_KEY: SECRET,
          TRUST_PROXY: 'true',
          DATA_DIR: dataDir,
        }),
        db,
      });
      let graphql;
      try {
        await app.ready();
        const ready = app.readiness.get('finder read model');
        while (ready !== undefined && !ready()) await new Promise((r) => setTimeout(r, 100));
        await graphqlCpu(app, questions(300, 9, reference, vocabulary), 0);
        graphql = await profiled(`graphql-${size}`, () =>
          graphqlCpu(app, questions(QUESTIONS, 20261128, reference, vocabulary), 1000),
        );
      } finally {
        await app.close();
      }
      return {
        size,
        build,
        reload,
        snapshotMb,
        peakRss: peakRss / 1024 / 1024,
        maxRss: process.resourceUsage().maxRSS / 1024,
        mixed,
        newText,
        served,
        graphql,
      };
    } finally {
      await handle.close();
    }
  } finally {
    await postgres.stop();
  }
}

const dataDir = values['data-dir'] ?? (await mkdtemp(path.join(tmpdir(), 'clinicpass-engine-')));
if (values.child) {
  // One size in this process, so its memory figures are its own.
  const result = await benchSize(SIZES[0], dataDir);
  log(`RESULT ${JSON.stringify(result)}`);
  process.exit(0);
}
const rows = [];
const loadBefore = loadavg();
try {
  for (const size of SIZES) {
    const child = spawnSync(
      process.execPath,
      [
        ...process.execArgv,
        fileURLToPath(import.meta.url),
        '--child',
        '--sizes',
        String(size),
        '--questions',
        String(QUESTIONS),
        '--data-dir',
        dataDir,
        ...(values['cpu-prof'] === undefined ? [] : ['--cpu-prof', values['cpu-prof']]),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const lines = child.stdout.split('\n');
    for (const line of lines) if (line !== '' && !line.startsWith('RESULT ')) log(line);
    const result = lines.find((line) => line.startsWith('RESULT '));
    if (child.status !== 0 || result === undefined) throw new Error(`the ${size} run failed`);
    rows.push(JSON.parse(result.slice('RESULT '.length)));
  }
} finally {
  if (values['data-dir'] === undefined) await rm(dataDir, { recursive: true, force: true });
}
const loadAfter = loadavg();

log(
  `\nFinder engine in-process (${legacy ? 'finder.memory.ts, before issue 17' : 'bitset engine'})`,
);
log(
  `${cpus().length} cores; 1-minute load average ${loadBefore[0].toFixed(1)} before, ${loadAfter[0].toFixed(1)} after; ${QUESTIONS} questions per mix\n`,
);
log(
  '| service points | build (wall / CPU) | reload | snapshot memory | peak RSS in reload (max RSS) | CPU/search mixed text | CPU/search new text | CPU/search via service (+ query parse) | CPU/request GraphQL GET, every question new (app.inject) | CPU/request /healthz (app.inject) |',
);
log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const f = (n, d = 3) => n.toFixed(d);
for (const r of rows) {
  log(
    `| ${r.size.toLocaleString('en')} | ${f(r.build.wall, 0)} / ${f(r.build.cpu, 0)} ms | ${f(r.reload.wall, 0)} ms | ${f(r.snapshotMb, 1)} MB | ${f(r.peakRss, 0)} MB (${f(r.maxRss, 0)} MB) | ${f(r.mixed.cpu)} ms | ${f(r.newText.cpu)} ms | ${f(r.served.cpu)} ms (+ ${f(r.served.parse)} ms) | ${f(r.graphql.cpu)} ms (${r.graphql.fast} of ${QUESTIONS} on the fast path) | ${f(r.graphql.bare)} ms |`,
  );
}
