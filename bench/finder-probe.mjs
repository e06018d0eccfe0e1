// Loaded into the server process by bench/finder.mjs only (`node --import`), never in
// production: over the child-process IPC channel the bench asks for the server's own
// `process.cpuUsage()` and memory before and after each round (server CPU per search), and asks
// it to bump `finder_index_version`, so every process reloads its finder snapshot (the peak RSS
// of a reload, when two snapshots live together). The database is reached through the server's
// own pg pool, caught on its first query.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from 'node:inspector/promises';
import { writeFile } from 'node:fs/promises';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '../apps/server');
const require = createRequire(join(serverDir, 'package.json'));
const pg = require('pg');

let pool = null;
const query = pg.Pool.prototype.query;
pg.Pool.prototype.query = function caught(...args) {
  // eslint-disable-next-line @typescript-eslint/no-this-alias -- the pool the server made
  pool ??= this;
  return query.apply(this, args);
};

// Garbage collection in the server, for the bench's per-round figures: full collections
// (mark-compact) counted, and the main thread's pause time of every collection summed.
const collections = { major: 0, pauseMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    collections.pauseMs += entry.duration;
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) collections.major += 1;
  }
}).observe({ entryTypes: ['gc'] });

/** The inspector session of a --round-prof or --round-heap profile, between its start and stop. */
let profiler = null;

/**
 * The profiles bench/finder.mjs may ask for: the inspector calls that start one, and the one that
 * stops it and answers the profile. `heap`: V8's sampling heap profile with the objects collected
 * since included (what a search allocates).
 */
const KINDS = {
  profile: { start: [['Profiler.enable'], ['Profiler.start']], stop: 'Profiler.stop' },
  heap: {
    start: [
      ['HeapProfiler.enable'],
      [
        'HeapProfiler.startSampling',
        {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        },
      ],
    ],
    stop: 'HeapProfiler.stopSampling',
  },
};
/** A message that starts or stops one of them: `profile-start`, `heap-stop`, … */
const PROFILE_MESSAGE = /^(profile|heap)-(start|stop)$/;

if (typeof process.send === 'function') {
  process.on('message', (message) => {
    if (message === null || typeof message !== 'object') return;
    const answer = (body) => process.send({ id: message.id, ...body });
    if (message.type === 'usage') {
      answer({ cpu: process.cpuUsage(), rss: process.memoryUsage.rss(), gc: { ...collections } });
    } else if (message.type === 'memory') {
      // What the resident memory is made of: V8's spaces (committed and used) beside the rest.
      const spaces = Object.fromEntries(
        v8
          .getHeapSpaceStatistics()
          .map((space) => [space.space_name, [space.space_size, space.space_used_size]]),
      );
      answer({ memory: process.memoryUsage(), spaces });
    } else if (message.type === 'live') {
      // Diagnostics only (bench/finder.mjs --live): what survives a full collection.
      v8.setFlagsFromString('--expose-gc');
      vm.runInNewContext('gc')();
      const spaces = Object.fromEntries(
        v8
          .getHeapSpaceStatistics()
          .map((space) => [space.space_name, [space.space_size, space.space_used_size]]),
      );
      answer({ memory: process.memoryUsage(), spaces });
    } else if (PROFILE_MESSAGE.test(message.type)) {
      // bench/finder.mjs --round-prof / --round-heap: a profile of the measured
      // every-question-new rounds only (Node's --cpu-prof also holds the start, the snapshot's
      // build and the reload).
      const [, kind, step] = PROFILE_MESSAGE.exec(message.type);
      const { start, stop } = KINDS[kind];
      const run = async () => {
        if (step === 'start') {
          profiler = new Session();
          profiler.connect();
          for (const [method, params] of start) await profiler.post(method, params);
          return;
        }
        if (profiler === null) throw new Error('no profile was started');
        const { profile } = await profiler.post(stop);
        await writeFile(message.file, JSON.stringify(profile));
        profiler.disconnect();
        profiler = null;
      };
      run()
        .then(() => answer({}))
        .catch((error) => answer({ error: String(error) }));
    } else if (message.type === 'reload') {
      if (pool === null) {
        answer({ error: 'no database query seen yet' });
        return;
      }
      pool
        .query(
          'UPDATE finder_index_version SET version = version + 1, rebuilt_at = now() WHERE id = 1 RETURNING version::text AS version',
        )
        .then((result) => answer({ version: Number(result.rows[0]?.version ?? 0) }))
        .catch((error) => answer({ error: String(error) }));
    }
  });
  // The channel must not keep the process alive after the server closes.
  process.channel?.unref();
}
