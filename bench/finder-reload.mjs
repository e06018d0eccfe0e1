// A finder snapshot reload beside a loaded snapshot, in-process, its memory over time (decision
// 216): the heap's spaces every second of the reload and its peak resident memory, on the
// database bench:finder-engine seeded (/work/bench-data/finder-engine/<size>, or DATA_DIR).
//   npx tsx bench/finder-reload.mjs [size]           as a server's reload runs (memory given back
//                                                    first; DATA_DIR for another seed folder)
//   DIAG_ATTR=1 npx tsx bench/finder-reload.mjs      what each part of the snapshot holds (MB)
//   DIAG_BATCH=1000 …                                rows read per batch
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';

const snapshotModule = await import('../apps/server/src/modules/finder/finder.snapshot.ts');
const { loadFinderSnapshot } = snapshotModule;
// Before decision 216 there was nothing to give memory back with: the bench runs on both.
const giveMemoryBack = snapshotModule.giveMemoryBack ?? (() => undefined);

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
const size = process.argv[2] ?? '100000';
const postgres = await startEmbeddedPostgres({
  dataDir: path.join(process.env.DATA_DIR ?? '/work/bench-data/finder-engine', size),
  ephemeral: false,
});
const handle = connectDatabase(postgres.urlFor('clinicpass_bench'));
const mb = (n) => (n / 1048576).toFixed(0);
const show = (label) => {
  const u = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s]));
  console.log(
    `${label}: rss ${mb(u.rss)} heapUsed ${mb(u.heapUsed)} heapTotal ${mb(u.heapTotal)} new ${mb(spaces.new_space.space_size)} old ${mb(spaces.old_space.space_used_size)}/${mb(spaces.old_space.space_size)} lo ${mb(spaces.large_object_space.space_size)} ab ${mb(u.arrayBuffers)} ext ${mb(u.external)}`,
  );
};
try {
  show('start');
  gc();
  const base = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  let t = performance.now();
  const cpu = process.cpuUsage();
  let snapshot = await loadFinderSnapshot(handle.db);
  const used = process.cpuUsage(cpu);
  console.log(
    `first load ${(performance.now() - t).toFixed(0)} ms, CPU ${((used.user + used.system) / 1000).toFixed(0)} ms`,
  );
  show('after first load');
  gc();
  show('after gc');
  console.log(
    `snapshot ≈ ${mb(process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - base)} MB`,
  );
  if (process.env.DIAG_ATTR) {
    const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const drop = (label, fn) => {
      gc();
      const before = used();
      fn();
      gc();
      console.log(`  ${label}: ${mb(before - used())} MB`);
    };
    const panels = [...snapshot.panels.values()];
    const cards = panels.flatMap((p) => p.cards);
    const doctors = new Set(cards.map((c) => c.doctor));
    const venues = new Set(cards.map((c) => c.venue));
    const hours = new Set(cards.map((c) => c.hours));
    console.log(
      `cards ${cards.length} doctors ${doctors.size} venues ${venues.size} hours ${hours.size} texts ${Object.values(
        snapshot.text,
      )
        .map((t) => JSON.stringify(Object.keys(t)))
        .join(' ')}`,
    );
    drop('text indexes', () => {
      snapshot.text = null;
    });
    drop('panel text rows', () => {
      for (const p of panels) p.text = null;
    });
    drop('panel bitsets+prices', () => {
      for (const p of panels) {
        p.districts = p.services = p.specialties = p.prices = null;
      }
    });
    drop('card lastVerifiedAt', () => {
      for (const c of cards) c.lastVerifiedAt = null;
    });
    drop('doctor payment_info', () => {
      for (const d of doctors) d.payment_info = null;
    });
    drop('doctor phones', () => {
      for (const d of doctors) d.phones = null;
    });
    drop('venue hours', () => {
      for (const c of cards) c.hours = null;
      hours.clear();
    });
    drop('venues', () => {
      for (const c of cards) c.venue = null;
      venues.clear();
    });
    drop('doctors', () => {
      for (const c of cards) c.doctor = null;
      doctors.clear();
    });
    drop('cards', () => {
      for (const p of panels) p.cards = null;
      cards.length = 0;
    });
    drop('rest', () => {
      snapshot = null;
    });
    process.exit(0);
  }
  if (!process.env.DIAG_KEEP) {
    giveMemoryBack();
    show('after last-resort gc');
  }
  let peak = 0;
  const sampler = setInterval(() => {
    const rss = process.memoryUsage.rss();
    if (rss > peak) {
      peak = rss;
    }
  }, 5);
  const ticker = setInterval(() => show(`  t+${(performance.now() - t).toFixed(0)}`), 1000);
  t = performance.now();
  const second = await loadFinderSnapshot(
    handle.db,
    process.env.DIAG_BATCH ? { batch: Number(process.env.DIAG_BATCH) } : {},
  );
  clearInterval(ticker);
  clearInterval(sampler);
  show(`reload done ${(performance.now() - t).toFixed(0)} ms`);
  console.log(
    `PEAK RSS during reload ${mb(peak)} MB; max RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
  snapshot = second;
  gc();
  show('after swap+gc');
  void snapshot;
} finally {
  await handle.close();
  await postgres.stop();
}
