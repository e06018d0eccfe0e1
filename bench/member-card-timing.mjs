// How long the member look-up takes on each failure path, so that timing does not tell an
// attacker which part was wrong (issue 4: measured here, not asserted in tests). Runs the real
// app in-process (app.inject) on an embedded PostgreSQL with a clock that jumps past the
// 15-minute limit window between rounds. Prints figures; asserts nothing.
//
//   npm run bench:member-card [-- --rounds 200]
import { parseArgs } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixedClock } from '@clinicpass/shared/time/clock';
import { isValidHkid, maskHkid } from '@clinicpass/shared/identity/hkid';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { ensureDatabase, runMigrations } from '../apps/server/src/db/migrate.ts';
import { member, policy, product } from '../apps/server/src/db/schema.ts';
import { seedDatabase } from '../apps/server/src/db/seed/seed.ts';
import { hkidLookupHash } from '../apps/server/src/lib/hkid-hash.ts';
import { setPasswordHashCost } from '../apps/server/src/lib/passwords.ts';
import { solvedCaptcha } from '../apps/server/test/captcha-support.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '200' } } });
const rounds = Number(values.rounds);
const SECRET = 'bench-secret-key-with-at-least-32-characters';

function validHkid(body) {
  for (const check of '0123456789A') if (isValidHkid(`${body}${check}`)) return `${body}(${check})`;
  throw new Error(`no check digit for ${body}`);
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'clinicpass-bench-'));
const postgres = await startEmbeddedPostgres({ dataDir, ephemeral: true });
try {
  await ensureDatabase(postgres.adminUrl, 'clinicpass_bench');
  const handle = connectDatabase(postgres.urlFor('clinicpass_bench'));
  await runMigrations(handle);
  setPasswordHashCost('low');
  const clock = fixedClock(new Date());
  console.log('Seeding…');
  await seedDatabase(handle.db, { secretKey: SECRET, clock, servicePoints: 200 });

  // A member on a lapsed policy (the third failure path).
  const lapsedHkid = validHkid('K234567');
  const [outpatient] = await handle.db
    .select({ id: product.id })
    .from(product)
    .where(eq(product.code, 'OUTPATIENT-GO'));
  const [lapsed] = await handle.db
    .insert(policy)
    .values({
      policyNumber: 'OP9999999',
      productId: outpatient.id,
      status: 'lapsed',
      activationDate: '2024-01-01',
      applicantPhoneNumber: '+85298765432',
    })
    .returning({ id: policy.id });
  await handle.db.insert(member).values({
    policyId: lapsed.id,
    memberCode: 'B9999999',
    membershipNumber: 'CP-B-9999',
    hkidHash: hkidLookupHash(SECRET, lapsedHkid),
    hkidMasked: maskHkid(lapsedHkid),
    nameEn: 'Bench Member',
    nameZh: '測試會員',
    relationship: 'self',
  });

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SECRET_KEY: SECRET,
    TRUST_PROXY: 'true',
    // Every look-up needs a solved captcha; solving it is not part of the measured time.
    CAPTCHA_DIFFICULTY: '2',
  });
  const app = await buildApp({ config, db: handle.db, clock, logger: false });
  await app.ready();

  let ip = 0;
  let unknown = 100000;
  const kinds = {
    'unknown HKID': () => {
      unknown += 1;
      return { identity_document_number: validHkid(`A${unknown}`), phone_number: '91234567' };
    },
    'wrong phone': () => ({ identity_document_number: 'A123456(3)', phone_number: '98765432' }),
    'lapsed policy': () => ({ identity_document_number: lapsedHkid, phone_number: '98765432' }),
    'success (reference)': () => ({
      identity_document_number: 'A123456(3)',
      phone_number: '91234567',
    }),
  };
  const samples = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  const statuses = Object.fromEntries(Object.keys(kinds).map((k) => [k, new Set()]));

  for (let round = 0; round < rounds + 10; round += 1) {
    clock.advance(16 * 60_000); // past the limit window
    const order = Object.keys(kinds).sort(() => Math.random() - 0.5);
    for (const kind of order) {
      ip += 1;
      const payload = kinds[kind]();
      const captcha = await solvedCaptcha(app);
      const started = process.hrtime.bigint();
      const res = await app.inject({
        method: 'POST',
        url: '/api/customer/outpatient/member-ticket',
        headers: {
          'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
          'x-captcha': captcha,
        },
        payload,
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      statuses[kind].add(res.statusCode);
      if (round >= 10) samples[kind].push(ms); // the first rounds warm up
    }
  }

  const stat = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return {
      median: at(0.5),
      p90: at(0.9),
      mean: sorted.reduce((s, v) => s + v, 0) / sorted.length,
    };
  };
  console.log(`\nPOST /api/customer/outpatient/member-ticket, ${rounds} rounds (ms, in-process):`);
  console.log('path                   status  median    p90   mean');
  const medians = [];
  for (const kind of Object.keys(kinds)) {
    const s = stat(samples[kind]);
    if (!kind.startsWith('success')) medians.push(s.median);
    console.log(
      `${kind.padEnd(22)} ${[...statuses[kind]].join('/').padEnd(7)} ${s.median.toFixed(2).padStart(6)} ${s.p90.toFixed(2).padStart(6)} ${s.mean.toFixed(2).padStart(6)}`,
    );
  }
  console.log(
    `\nLargest difference between failure-path medians: ${(Math.max(...medians) - Math.min(...medians)).toFixed(2)} ms`,
  );
  await app.close();
  await handle.close();
} finally {
  await postgres.stop();
  await rm(dataDir, { recursive: true, force: true });
}
