// `npm run network:import` (issue 19) against a real database: the template CSV and XLSX, the
// Hospital Authority's GOPC GeoJSON list with a mapping, every validation error with its line or
// feature, the dry run, a re-import that changes nothing, --full removal, a write that fails at
// row 9,999 of 10,000 and rolls back, bad files, and the finder answering from the new network
// in an API process while the import runs in another (decision 110).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ServicePointList } from '@clinicpass/shared/schemas/finder';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { runNetworkImportCommand } from '../src/cli/network-import-command';
import { doctor, paymentInfo, servicePoint, venue } from '../src/db/schema';
import { staffAudit } from '../src/db/staff-schema';
import { rebuildFinderIndex } from '../src/modules/finder/finder.index';
import { testConfig } from './build-app';
import { createTestDatabase, type TestDatabase } from './db';
import { addOperator, OPERATOR_EMAIL } from './operator-support';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TEMPLATE = path.join(ROOT, 'docs/network-import/template-example.csv');
const GOPC_MAPPING = path.join(ROOT, 'docs/network-import/gopc-mapping.json');
const GOPC = path.join(
  import.meta.dirname,
  'fixtures/network/General_Outpatient_Clinics_under_the_Hospital_Authority.geojson',
);

let database: TestDatabase;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  await addOperator(database.db);
  dir = mkdtempSync(path.join(tmpdir(), 'network-import-'));
});
afterAll(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number;
  lines: string[];
}

async function run(
  args: string[],
  options: {
    now?: Date;
    maxBytes?: number;
    onWrite?: (done: number, total: number) => void;
    progress?: (text: string) => void;
  } = {},
): Promise<Run> {
  const lines: string[] = [];
  // A write runs as a staff member (decision 297); the quarantine's commands take no --as.
  const as = args[0] === 'quarantine' ? [] : ['--as', OPERATOR_EMAIL];
  const code = await runNetworkImportCommand([...args, ...as], {
    db: database.db,
    now: options.now ?? new Date('2026-11-20T02:00:00Z'),
    print: (line) => lines.push(line),
    rebuildReadModel: rebuildFinderIndex,
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    ...(options.onWrite ? { onWrite: options.onWrite } : {}),
    ...(options.progress ? { progress: options.progress } : {}),
  });
  return { code, lines };
}

function file(name: string, content: string | Uint8Array): string {
  const target = path.join(dir, name);
  writeFileSync(target, content);
  return target;
}

const templateText = () => readFileSync(TEMPLATE, 'utf8');

/** Everything a source has, without times, to compare before and after. */
async function snapshot(source: string) {
  const doctors = await database.db
    .select({
      ext: doctor.externalId,
      en: doctor.nameEn,
      phones: doctor.phones,
      at: doctor.updateDate,
    })
    .from(doctor)
    .where(eq(doctor.source, source))
    .orderBy(doctor.externalId);
  const venues = await database.db
    .select({
      ext: venue.externalId,
      district: venue.districtCode,
      hours: venue.openingHours,
      note: venue.hoursNote,
      text: venue.hoursText,
      at: venue.updateDate,
    })
    .from(venue)
    .where(eq(venue.source, source))
    .orderBy(venue.externalId);
  const points = await database.db
    .select({
      ext: servicePoint.externalId,
      panel: servicePoint.panel,
      doctorId: servicePoint.doctorId,
      venueId: servicePoint.venueId,
      at: servicePoint.updateDate,
    })
    .from(servicePoint)
    .where(eq(servicePoint.source, source))
    .orderBy(servicePoint.externalId);
  const prices = await database.db
    .select({
      doctorId: paymentInfo.doctorId,
      code: paymentInfo.serviceCode,
      amount: paymentInfo.amount,
    })
    .from(paymentInfo)
    .innerJoin(doctor, eq(doctor.id, paymentInfo.doctorId))
    .where(eq(doctor.source, source))
    .orderBy(paymentInfo.doctorId, paymentInfo.serviceCode);
  return { doctors, venues, points, prices };
}

async function networkCount(): Promise<number> {
  const result = await database.db.execute<{ n: number }>(
    sql`SELECT (SELECT count(*) FROM service_point) + (SELECT count(*) FROM venue) + (SELECT count(*) FROM doctor) + (SELECT count(*) FROM payment_info) AS n`,
  );
  return Number(result.rows[0]?.n);
}

describe('the template CSV', () => {
  it('imports every row with its districts, phones, prices, hours and verification time', async () => {
    const now = new Date('2026-11-20T02:00:00Z');
    const result = await run([TEMPLATE], { now });
    expect(result.lines.at(-1)).toMatch(
      /^Imported source "network", 6 rows: 6 written, 0 quarantined, 0 unchanged, 0 removed; records 19 added, 0 changed, 0 removed, 0 unchanged; 1 row\(s\) with hours kept as text; finder rebuilt with \d+ service points\.$/,
    );
    expect(result.code).toBe(0);
    const { doctors, venues, points, prices } = await snapshot('network');
    expect(points.map((p) => [p.ext, p.panel])).toEqual([
      ['SP-0001', 'outpatient'],
      ['SP-0002', 'go'],
      ['SP-0003', 'outpatient'],
      ['SP-0004', 'outpatient'],
      ['SP-0005', 'outpatient'],
      ['SP-0006', 'go'],
    ]);
    expect(venues.map((v) => [v.ext, v.district])).toEqual([
      ['V-001', 'A'],
      ['V-002', 'D'], // SOUTHERN, and "D" on another row
      ['V-003', 'R'], // 沙田區
      ['V-004', 'B'],
    ]);
    expect(doctors.find((d) => d.ext === 'DR-002')?.phones).toEqual([
      { no: '25550381' },
      { no: '25550382' },
    ]);
    expect(doctors.find((d) => d.ext === 'DR-003')?.phones).toEqual([{ no: '91234567' }]);
    expect(prices.map((p) => [p.code, p.amount])).toEqual([
      ['GP', 180],
      ['SP', 650],
      ['CMC', 150],
      ['PHS', 300],
    ]);
    const harbour = venues.find((v) => v.ext === 'V-001');
    expect(harbour?.hours?.weekly.mon).toEqual([
      { from: '09:00', to: '13:00' },
      { from: '14:30', to: '19:00' },
    ]);
    expect(harbour?.hours?.weekly.sun).toEqual([]);
    expect(venues.find((v) => v.ext === 'V-003')?.text).toEqual({
      en: 'By appointment only',
      zh: '只接受預約',
    });
    const verified = await database.db
      .select({ at: servicePoint.lastVerifiedAt })
      .from(servicePoint)
      .where(eq(servicePoint.source, 'network'));
    expect(verified.every((row) => row.at?.getTime() === now.getTime())).toBe(true);
  });

  it('changes nothing when the same file is imported again, but marks it verified again', async () => {
    const before = await snapshot('network');
    const later = new Date('2026-11-27T02:00:00Z');
    const result = await run([TEMPLATE], { now: later });
    expect(result.code).toBe(0);
    expect(result.lines.at(-1)).toMatch(
      /6 rows: 0 written, 0 quarantined, 6 unchanged, 0 removed; records 0 added, 0 changed, 0 removed, 19 unchanged;/,
    );
    expect(await snapshot('network')).toEqual(before);
    const verified = await database.db
      .select({ at: servicePoint.lastVerifiedAt })
      .from(servicePoint)
      .where(eq(servicePoint.source, 'network'));
    expect(verified.every((row) => row.at?.getTime() === later.getTime())).toBe(true);
  });

  it('dry run lists what would be added, changed and removed, and writes nothing', async () => {
    const lines = templateText().trimEnd().split('\n');
    const changed = [
      ...lines.slice(0, 5).map((line) => line.replace(',650,900,', ',600,900,')),
      // SP-0005 and SP-0006 left out; a new row.
      'SP-0007,outpatient,dental-consultation,,DR-006,Dr Example Yip,葉示範牙醫,27001234,V-004,Wan Chai Example Skin Centre,灣仔示範皮膚中心,"15/F, 200 Example Road, Wan Chai",灣仔示範道200號15樓,B,250,400,,,22.2770,114.1731',
    ].join('\n');
    const edited = file('edited.csv', changed);
    const before = await snapshot('network');
    const dry = await run([edited, '--dry-run', '--full']);
    expect(dry.code).toBe(0);
    expect(dry.lines).toContain('+ service point SP-0007');
    expect(dry.lines).toContain('+ doctor DR-006');
    expect(dry.lines).toContain('~ price DR-002 / SP (amount)');
    expect(dry.lines).toContain('- service point SP-0005');
    expect(dry.lines).toContain('- service point SP-0006');
    expect(dry.lines).toContain('- price DR-004 / PHS');
    expect(dry.lines).toContain(
      'hours: line 5, hours_en/hours_zh: kept as text: English: unreadable line "By appointment only"; Chinese: unreadable line "只接受預約" (expected day lines and time ranges, e.g. "Monday to Friday<br>9:00am - 1:00pm")',
    );
    expect(dry.lines.at(-1)).toMatch(
      /^Dry run, source "network", 5 rows: would be 2 written, 0 quarantined, 3 unchanged, 2 removed; records 3 added, 1 changed, 3 removed, 13 unchanged; .*Nothing written\.$/,
    );
    expect(await snapshot('network')).toEqual(before);

    // Without --full nothing is removed.
    const partial = await run([edited]);
    expect(partial.code).toBe(0);
    expect(partial.lines.at(-1)).toMatch(/0 removed/);
    let points = (await snapshot('network')).points.map((p) => p.ext);
    expect(points).toEqual([
      'SP-0001',
      'SP-0002',
      'SP-0003',
      'SP-0004',
      'SP-0005',
      'SP-0006',
      'SP-0007',
    ]);

    // With --full the missing service points (and prices) go; other sources stay.
    const full = await run([edited, '--full']);
    expect(full.code).toBe(0);
    expect(full.lines.at(-1)).toMatch(/3 removed/);
    points = (await snapshot('network')).points.map((p) => p.ext);
    expect(points).toEqual(['SP-0001', 'SP-0002', 'SP-0003', 'SP-0004', 'SP-0007']);
    const seeded = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM service_point WHERE source IS NULL`,
    );
    expect(seeded.rows[0]?.n).toBeGreaterThan(1000);
  });
});

describe('the template XLSX', () => {
  it('reads the same rows from a workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Network');
    const [header, ...rows] = templateText().trimEnd().split('\n');
    sheet.addRow(header?.split(','));
    // The CSV's quoted address cells hold commas: read them back with the CSV reader's rules.
    for (const line of rows) {
      const cells = line
        .match(/("[^"]*"|[^,]*)(,|$)/g)
        ?.map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, ''));
      sheet.addRow(cells?.slice(0, 18).map((cell) => (/^\d+$/.test(cell) ? Number(cell) : cell)));
    }
    const xlsx = file('network.xlsx', new Uint8Array(await workbook.xlsx.writeBuffer()));
    const bar: string[] = [];
    const result = await run([xlsx, '--source', 'xlsx-test'], {
      progress: (text) => bar.push(text),
    });
    // On a terminal: a progress bar, redrawn in place, then the summary on its own line.
    expect(bar).toEqual([`\r[${'#'.repeat(30)}] 100% 6/6 rows written`, '\n']);
    expect(result.lines.at(-1)).toMatch(
      /^Imported source "xlsx-test", 6 rows: 6 written, 0 quarantined, 0 unchanged, 0 removed; records 19 added, 0 changed/,
    );
    expect(result.code).toBe(0);
    const { venues, doctors } = await snapshot('xlsx-test');
    expect(venues.map((v) => v.district)).toEqual(['A', 'D', 'R', 'B']);
    // A phone typed as a number in Excel is still a phone.
    expect(doctors.find((d) => d.ext === 'DR-001')?.phones).toEqual([{ no: '25551234' }]);
  });
});

describe('the GOPC GeoJSON list with a mapping', () => {
  it('imports the 73 clinics with districts from their points, split phones and parsed hours', async () => {
    const dry = await run([GOPC, '--mapping', GOPC_MAPPING, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.lines.at(-1)).toMatch(
      /^Dry run, source "ha-gopc", 73 rows: would be 73 written, 0 quarantined, 0 unchanged, 0 removed; records 219 added.*0 row\(s\) with hours kept as text/,
    );

    const result = await run([GOPC, '--mapping', GOPC_MAPPING]);
    expect(result.code).toBe(0);
    const { venues, points, doctors, prices } = await snapshot('ha-gopc');
    expect(venues).toHaveLength(73);
    expect(points).toHaveLength(73);
    expect(prices).toHaveLength(0);
    expect(points.every((p) => p.panel === 'go')).toBe(true);
    // Aberdeen is in Southern (D), Anne Black (North Point) in Eastern (C), Tuen Mun Clinic in L.
    const byId = new Map(venues.map((v) => [v.ext, v]));
    expect(byId.get('m2UaMJdA5a')?.district).toBe('D');
    expect(byId.get('qgl84S5bVu')?.district).toBe('C');
    expect(byId.get('mSYbuyb4si')?.district).toBe('L');
    expect(new Set(venues.map((v) => v.district)).size).toBeGreaterThan(15);
    // Consultation hours are the opening hours; registration hours the note.
    const aberdeen = byId.get('m2UaMJdA5a');
    expect(aberdeen?.hours?.weekly.fri).toEqual([
      { from: '09:00', to: '13:00' },
      { from: '14:00', to: '17:00' },
      { from: '18:00', to: '22:00' },
    ]);
    expect(aberdeen?.note?.en).toMatch(/^Registration Hours :\nMonday to Friday\n8:45am - 12:30pm/);
    expect(venues.filter((v) => v.hours !== null)).toHaveLength(12);
    expect(venues.filter((v) => v.hours === null && v.text === null)).toHaveLength(61);
    // "25550381/25550382" is two phones; "N.A." none.
    const clinic = (id: string) => doctors.find((d) => d.ext === id);
    expect(clinic('m2UaMJdA5a')?.phones).toEqual([{ no: '25550381' }, { no: '25550382' }]);
    expect(clinic('m2UaMJdA5a')?.en).toBe('Aberdeen Jockey Club General Out-patient Clinic');

    // Hours, notes and phones read back from jsonb compare equal: a second import changes nothing.
    const again = await run([GOPC, '--mapping', GOPC_MAPPING]);
    expect(again.lines.at(-1)).toMatch(/records 0 added, 0 changed, 0 removed, 219 unchanged;/);
  });

  it('imports venues only when the mapping says so', async () => {
    const mapping = JSON.parse(readFileSync(GOPC_MAPPING, 'utf8')) as Record<string, unknown>;
    const venuesOnly = file(
      'venues-only.json',
      JSON.stringify({ ...mapping, source: 'ha-gopc-venues', venues_only: true, constants: {} }),
    );
    const result = await run([GOPC, '--mapping', venuesOnly]);
    expect(result.code).toBe(0);
    const { venues, points, doctors } = await snapshot('ha-gopc-venues');
    expect([venues.length, points.length, doctors.length]).toEqual([73, 0, 0]);
    const full = await run([GOPC, '--mapping', venuesOnly, '--full']);
    expect(full.code).toBe(1);
    expect(full.lines.join('\n')).toMatch(/--full with a venues-only mapping/);
  });
});

describe('every Hospital Authority list in the reference data', () => {
  const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures/network', name);
  const LIST_MAPPING = path.join(ROOT, 'docs/network-import/ha-facility-list-mapping.json');
  const lists = [
    { name: 'GOPC GeoJSON', file: GOPC, mapping: GOPC_MAPPING, source: 'ha-gopc-count' },
    {
      name: 'SOPC GeoJSON',
      file: fixture('Specialist_Outpatient_Clinics_under_the_Hospital_Authority.geojson'),
      mapping: path.join(ROOT, 'docs/network-import/sopc-mapping.json'),
      source: 'ha-sopc',
    },
    {
      name: 'GOP JSON list',
      file: fixture('facility-gop.json'),
      mapping: LIST_MAPPING,
      source: 'ha-gop-list',
    },
    {
      name: 'SOP JSON list',
      file: fixture('facility-sop.json'),
      mapping: LIST_MAPPING,
      source: 'ha-sop-list',
    },
    {
      name: 'hospital JSON list',
      file: fixture('facility-hosp.json'),
      mapping: LIST_MAPPING,
      source: 'ha-hospital-list',
    },
  ];

  /** The rows in the file itself: features of a FeatureCollection, records of a JSON list. */
  const rowsInFile = (target: string): number => {
    const json = JSON.parse(readFileSync(target, 'utf8')) as unknown[] | { features: unknown[] };
    return Array.isArray(json) ? json.length : json.features.length;
  };

  it.each(lists)(
    'loses no row of the $name: written + quarantined = rows in the file',
    async (list) => {
      const result = await run([list.file, '--mapping', list.mapping, '--source', list.source]);
      expect(result.code).toBe(0);
      const summary =
        result.lines.find((line) => line.startsWith('Imported source')) ?? result.lines.join('\n');
      const counts =
        /(\d+) rows: (\d+) written, (\d+) quarantined, (\d+) unchanged, 0 removed;/.exec(summary);
      expect(counts, summary).not.toBeNull();
      const [rows, written, quarantined, unchanged] = (counts ?? []).slice(1).map(Number);
      expect(rows).toBe(rowsInFile(list.file));
      expect([written, quarantined, unchanged], result.lines.slice(0, 5).join('\n')).toEqual([
        rows,
        0,
        0,
      ]);

      // Every venue has its district and its point (the geometry, or the list's latitude and
      // longitude columns).
      const stored = await database.db
        .select({ district: venue.districtCode, lat: venue.latitude, lng: venue.longitude })
        .from(venue)
        .where(eq(venue.source, list.source));
      expect(stored).toHaveLength(rows ?? -1);
      expect(stored.filter((v) => v.district === '' || v.lat === null || v.lng === null)).toEqual(
        [],
      );
    },
  );

  it('reads the hours of every GOPC row that has them into a week (the lists have no others)', async () => {
    const features = (
      JSON.parse(readFileSync(GOPC, 'utf8')) as {
        features: { properties: Record<string, unknown> }[];
      }
    ).features;
    const withHours = features.filter((f) => {
      const hours = f.properties['Opening Hours'];
      return typeof hours === 'string' && hours !== 'N.A.';
    });
    const venues = (await snapshot('ha-gopc-count')).venues;
    const read = venues.filter((v) => v.hours !== null && v.text === null);
    expect(withHours.length).toBeGreaterThan(0);
    expect(read.length).toBe(withHours.length);
  });
});

describe('validation', () => {
  it('reports every error with its line, column, problem and expectation, and writes nothing', async () => {
    const [header] = templateText().split('\n');
    const good = templateText().split('\n')[1] ?? '';
    const rows = [
      header,
      // line 2: fine
      good.replace('SP-0001', 'E-1').replace('DR-001', 'E-DR1').replace('V-001', 'E-V1'),
      // line 3: unknown district
      good
        .replace('SP-0001', 'E-2')
        .replace('DR-001', 'E-DR2')
        .replace('V-001', 'E-V2')
        .replace('Central and Western', 'Atlantis'),
      // line 4: not a Hong Kong phone
      good
        .replace('SP-0001', 'E-3')
        .replace('DR-001', 'E-DR3')
        .replace('V-001', 'E-V3')
        .replace('25551234', '12345'),
      // line 5: member price above the usual price
      good
        .replace('SP-0001', 'E-4')
        .replace('DR-001', 'E-DR4')
        .replace('V-001', 'E-V4')
        .replace(',180,320,', ',400,320,'),
      // line 6: unknown service
      good
        .replace('SP-0001', 'E-5')
        .replace('DR-001', 'E-DR5')
        .replace('V-001', 'E-V5')
        .replace('general-practitioner', 'astrology'),
      // line 7: unknown specialty
      good
        .replace('SP-0001', 'E-6')
        .replace('DR-001', 'E-DR6')
        .replace('V-001', 'E-V6')
        .replace('general-practitioner,', 'specialist,palmistry'),
      // line 8: duplicate service point id
      good.replace('SP-0001', 'E-1').replace('DR-001', 'E-DR7').replace('V-001', 'E-V7'),
      // line 9: missing venue name, unknown panel
      good
        .replace('SP-0001', 'E-8')
        .replace('DR-001', 'E-DR8')
        .replace('V-001', 'E-V8')
        .replace('Harbour Example Medical Centre', 'N.A.')
        .replace('outpatient', 'gold'),
      // line 10: a service the panel does not list; a price that is not a number; its English
      // hours a quoted cell of two lines, so the next row starts on line 12
      good
        .replace('SP-0001', 'E-9')
        .replace('DR-001', 'E-DR9')
        .replace('V-001', 'E-V9')
        .replace('outpatient,general-practitioner', 'go,acupuncture')
        .replace(',180,', ',cheap,')
        .replace(/,Monday to Friday<br>/, ',"Monday to Friday\n')
        .replace('1:00pm,星期一', '1:00pm",星期一'),
      // line 12: a duplicate again, naming line 2
      good.replace('DR-001', 'E-DR10').replace('V-001', 'E-V10').replace('SP-0001', 'E-1'),
    ].join('\n');
    const before = await networkCount();
    const result = await run([file('errors.csv', rows), '--strict']);
    expect(result.code).toBe(1);
    const errors = result.lines.filter((line) => line.startsWith('error: '));
    expect(errors).toEqual([
      'error: line 3, district: unknown district "Atlantis" (expected a district code (A–T) or its English or Chinese name, e.g. SOUTHERN or 南區)',
      'error: line 4, doctor_phones: "12345" is not a Hong Kong phone number (expected Hong Kong numbers of 8 digits, several separated by "/" or <br>, a note in brackets, e.g. 25550381/25550382 (14/F))',
      'error: line 5, member_price: 400 is more than the usual price 320 (expected a member price at most the usual price)',
      'error: line 6, service: unknown service "astrology" (expected a service slug or code of the catalogue, e.g. general-practitioner or GP)',
      'error: line 7, specialty: unknown specialty "palmistry" (expected a specialty slug of the catalogue, e.g. cardiology)',
      'error: line 8, service_point_id: duplicate service point id "E-1", already on line 2 (expected each service point id once)',
      'error: line 9, venue_name_en: missing (expected a value)',
      'error: line 9, panel: unknown panel "gold" (expected one of outpatient, go)',
      'error: line 10, service: the go panel does not list "acupuncture" (expected a service the go panel lists)',
      'error: line 10, member_price: "cheap" is not a price (expected an amount in HK$, e.g. 180 or 180.50)',
      'error: line 12, service_point_id: duplicate service point id "E-1", already on line 2 (expected each service point id once)',
    ]);
    expect(result.lines.at(-1)).toBe(
      '11 error(s) in 10 rows of source "network" (--strict): nothing written.',
    );
    expect(await networkCount()).toBe(before);
  });

  it('writes the valid rows, quarantines the others with their errors, and re-imports them fixed', async () => {
    const [header] = templateText().split('\n');
    const good = templateText().split('\n')[1] ?? '';
    const row = (n: number) =>
      good
        .replace('SP-0001', `Q-${String(n)}`)
        .replace('DR-001', `Q-DR${String(n)}`)
        .replace('V-001', `Q-V${String(n)}`);
    const rows = [
      header,
      row(1),
      row(2).replace('Central and Western', 'Atlantis'),
      // A floor note on each number, on lines of their own: read, not an error.
      row(3).replace('25551234', '"2417 6511<br>(14/F)<br>2417 6540<br>(12/F)"'),
      row(4).replace('25551234', '12345'),
      row(1).replace('Q-DR1', 'Q-DR9').replace('Q-V1', 'Q-V9'),
    ];
    const result = await run([file('quarantine.csv', rows.join('\n')), '--source', 'quarantine']);
    expect(result.code).toBe(0);
    expect(result.lines).toContain(
      'quarantined: line 3, district: unknown district "Atlantis" (expected a district code (A–T) or its English or Chinese name, e.g. SOUTHERN or 南區)',
    );
    expect(result.lines.find((line) => line.startsWith('Imported'))).toMatch(
      /^Imported source "quarantine", 5 rows: 2 written, 3 quarantined, 0 unchanged, 0 removed;/,
    );
    const written = await snapshot('quarantine');
    expect(written.points.map((p) => p.ext)).toEqual(['Q-1', 'Q-3']);
    expect(written.doctors.find((d) => d.ext === 'Q-DR3')?.phones).toEqual([
      { no: '24176511', label: '14/F' },
      { no: '24176540', label: '12/F' },
    ]);

    const list = await run(['quarantine', 'list', '--source', 'quarantine']);
    expect(list.code).toBe(0);
    expect(list.lines).toEqual([
      expect.stringMatching(/^quarantine Q-2 \(quarantine\.csv, line 3, /),
      '  district: unknown district "Atlantis" (expected a district code (A–T) or its English or Chinese name, e.g. SOUTHERN or 南區)',
      expect.stringMatching(/^quarantine Q-4 \(quarantine\.csv, line 5, /),
      expect.stringMatching(/^ {2}doctor_phones: "12345" is not a Hong Kong phone number/),
      expect.stringMatching(/^quarantine Q-1 \(line 6\) \(quarantine\.csv, line 6, /),
      '  service_point_id: duplicate service point id "Q-1", already on line 2 (expected each service point id once)',
      '3 row(s) in quarantine for source "quarantine".',
    ]);

    // Export, fix two of them (the duplicate left out), import the fixed file: the two leave the
    // quarantine, the duplicate stays.
    const exported = path.join(dir, 'quarantined.csv');
    expect((await run(['quarantine', 'export', '--source', 'quarantine', exported])).code).toBe(0);
    const [exportedHeader, ...exportedRows] = readFileSync(exported, 'utf8').trimEnd().split('\n');
    expect(exportedHeader).toBe(header);
    expect(exportedRows).toHaveLength(3);
    const fixed = [exportedHeader, ...exportedRows.filter((line) => !line.includes('Q-DR9'))]
      .join('\n')
      .replace('Atlantis', 'Central and Western')
      .replace(',12345,', ',25551234,');
    const again = await run([file('fixed.csv', fixed), '--source', 'quarantine']);
    expect(again.lines.find((line) => line.startsWith('Imported'))).toMatch(
      /2 rows: 2 written, 0 quarantined, 0 unchanged, 0 removed;/,
    );
    expect((await snapshot('quarantine')).points.map((p) => p.ext)).toEqual([
      'Q-1',
      'Q-2',
      'Q-3',
      'Q-4',
    ]);
    const rest = await run(['quarantine', 'list', '--source', 'quarantine']);
    expect(rest.lines.at(-1)).toBe('1 row(s) in quarantine for source "quarantine".');

    // --full with the whole, fixed file: nothing is left in the quarantine.
    const whole = await run([
      file('whole.csv', [header, row(1), row(2), row(3), row(4)].join('\n')),
      '--source',
      'quarantine',
      '--full',
    ]);
    expect(whole.code).toBe(0);
    expect((await run(['quarantine', 'list'])).lines).not.toContainEqual(
      expect.stringMatching(/^quarantine /),
    );
  });

  it('--help prints the usage and exits 0', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.lines.join('\n')).toMatch(/--strict {8}all or nothing/);
    expect((await run(['quarantine', 'nonsense'])).code).toBe(2);
  });

  it('names the feature of a GeoJSON list', async () => {
    const list = JSON.parse(readFileSync(GOPC, 'utf8')) as {
      features: { geometry: { coordinates: number[] }; properties: Record<string, string> }[];
    };
    const features = list.features.slice(0, 4);
    const [, second, third, fourth] = features;
    if (!second || !third || !fourth) throw new Error('short list');
    second.geometry.coordinates = [0, 0];
    third.properties.Telephone = '2555 038';
    fourth.properties.GMID = features[0]?.properties.GMID ?? '';
    const result = await run([
      file('bad.geojson', JSON.stringify({ ...list, features })),
      '--mapping',
      GOPC_MAPPING,
      '--source',
      'bad-list',
      '--strict',
    ]);
    expect(result.code).toBe(1);
    const errors = result.lines.filter((line) => line.startsWith('error: '));
    expect(errors).toEqual(
      expect.arrayContaining([
        "error: feature 1, district: the point 0, 0 is outside Hong Kong's 18 districts (expected a point [longitude, latitude] inside Hong Kong, or a district column)",
        'error: feature 2, doctor_phones: "2555 038" is not a Hong Kong phone number (expected Hong Kong numbers of 8 digits, several separated by "/" or <br>, a note in brackets, e.g. 25550381/25550382 (14/F))',
        'error: feature 3, service_point_id: duplicate service point id "m2UaMJdA5a", already on feature 0 (expected each service point id once)',
      ]),
    );
    // Feature 3 also describes feature 0's clinic differently: said too, on feature 3.
    expect(errors.filter((line) => line.startsWith('error: feature 3, venue_id:'))).toHaveLength(1);
    expect(errors.every((line) => /^error: feature [123], /.test(line))).toBe(true);
    expect((await snapshot('bad-list')).venues).toEqual([]);
  });
});

describe('files that cannot be read', () => {
  const cases: [string, () => string, RegExp, number?][] = [
    ['an empty file', () => file('empty.csv', ''), /the file is empty \(0 bytes\)/],
    [
      'a header only',
      () => file('header.csv', `${templateText().split('\n')[0] ?? ''}\n`),
      /no rows/,
    ],
    [
      'Big5 text',
      () => file('big5.csv', new Uint8Array([0x61, 0x0a, 0xa4, 0xa4, 0xa4, 0xe5, 0x0a])),
      /not UTF-8 text/,
    ],
    [
      'UTF-16 text',
      () => file('utf16.csv', new Uint8Array([0xff, 0xfe, 0x61, 0x00])),
      /UTF-16 text \(expected UTF-8/,
    ],
    ['a file over the limit', () => TEMPLATE, /is 2,\d{3} bytes, over the limit of 100 bytes/, 100],
    ['a CSV posing as XLSX', () => file('fake.xlsx', templateText()), /not an XLSX workbook/],
    [
      'an unknown column',
      () => file('columns.csv', 'service_point_id,colour\nA,red\n'),
      /unknown column\(s\) "colour"/,
    ],
    [
      'broken quoting',
      () => file('quotes.csv', `${templateText().split('\n')[0] ?? ''}\n"SP-1,outpatient\n`),
      /not valid CSV/,
    ],
    ['a GeoJSON list without a mapping', () => GOPC, /needs --mapping/],
    ['a missing file', () => path.join(dir, 'nowhere.csv'), /nowhere\.csv: no such file\. Nothing/],
    ['a folder', () => dir, /: a folder, not a file\. Nothing/],
  ];
  it.each(cases)(
    '%s: a clear error, exit 1, network unchanged',
    async (_name, make, message, maxBytes) => {
      const before = await networkCount();
      const result = await run([make()], maxBytes === undefined ? {} : { maxBytes });
      expect(result.code).toBe(1);
      expect(result.lines.join('\n')).toMatch(message);
      expect(result.lines.at(-1)).toMatch(/Nothing written\.$/);
      expect(await networkCount()).toBe(before);
    },
  );
});

describe('a database without the reference catalogue', () => {
  it('says to seed it first, and writes nothing', async () => {
    const empty = await createTestDatabase({ seeded: false });
    try {
      const lines: string[] = [];
      const code = await runNetworkImportCommand([TEMPLATE, '--as', await addOperator(empty.db)], {
        db: empty.db,
        now: new Date(),
        print: (line) => lines.push(line),
        rebuildReadModel: rebuildFinderIndex,
      });
      expect(code).toBe(1);
      expect(lines.join('\n')).toMatch(/no districts or services .*run npm run db:seed first/);
      const rows = await empty.db.select({ id: venue.id }).from(venue);
      expect(rows).toEqual([]);
    } finally {
      await empty.drop();
    }
  });
});

describe('one transaction', () => {
  it(
    'rolls the whole file back when a write fails at row 9,999 of 10,000',
    { timeout: 120_000 },
    async () => {
      const [header] = templateText().split('\n');
      const lines = [header];
      for (let i = 0; i < 10_000; i += 1) {
        const d = String(i % 2000);
        lines.push(
          `BIG-${String(i)},outpatient,general-practitioner,,BIG-DR${d},Dr Big ${d},大醫生${d},25551234,BIG-V${d},Big Clinic ${d},大診所${d},${d} Big Road,大道${d}號,Kwun Tong,100,200,,,,`,
        );
      }
      const big = file('big.csv', lines.join('\n'));
      const before = await networkCount();
      const version = await database.db.execute<{ version: number }>(
        sql`SELECT version FROM finder_index_version`,
      );
      let reached = 0;
      await expect(
        run([big, '--source', 'big'], {
          onWrite: (done, total) => {
            reached = done;
            expect(total).toBe(10_000);
            if (done === 9_999) throw new Error('disk full (injected)');
          },
        }),
      ).rejects.toThrow('disk full (injected)');
      expect(reached).toBe(9_999);
      expect(await networkCount()).toBe(before);
      expect((await snapshot('big')).points).toEqual([]);
      // No rebuild either: the finder still serves the network as it was.
      const after = await database.db.execute<{ version: number }>(
        sql`SELECT version FROM finder_index_version`,
      );
      expect(after.rows).toEqual(version.rows);
    },
  );
});

describe('the finder after an import', () => {
  it(
    'answers from the new network in an API process while the import runs in another',
    { timeout: 120_000 },
    async () => {
      const other = await createTestDatabase({ seeded: true });
      await addOperator(other.db);
      const app: FastifyInstance = await buildApp({ config: testConfig(), db: other.db });
      try {
        await app.ready();
        const find = async (text: string) => {
          const res = await app.inject({
            url: `/api/customer/policy/service-point/outpatient-go?search=${encodeURIComponent(text)}`,
            headers: { 'x-forwarded-for': `10.9.2.${String(Math.floor(Math.random() * 250) + 1)}` },
          });
          expect(res.statusCode, res.body).toBe(200);
          return res.json<ServicePointList>();
        };
        expect((await find('Aberdeen Jockey Club')).pagination.total).toBe(0);

        // The import runs as `npm run network:import` would: its own process, on the same database.
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [
            '--import',
            'tsx',
            path.join(ROOT, 'apps/server/src/cli/network-import.ts'),
            GOPC,
            '--mapping',
            GOPC_MAPPING,
            '--as',
            OPERATOR_EMAIL,
          ],
          {
            cwd: ROOT,
            env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: other.url },
          },
        );
        expect(stdout).toMatch(
          /Imported source "ha-gopc", 73 rows: 73 written, 0 quarantined, 0 unchanged, 0 removed; records 219 added/,
        );

        const deadline = Date.now() + 20_000;
        let found = await find('Aberdeen Jockey Club');
        while (found.pagination.total === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          found = await find('Aberdeen Jockey Club');
        }
        expect(found.pagination.total).toBe(1);
        expect(found.results[0]?.doctor.name_en).toBe(
          'Aberdeen Jockey Club General Out-patient Clinic',
        );
      } finally {
        await app.close();
        await other.drop();
      }
    },
  );
});

describe('the command as a process', () => {
  it(
    'exits non-zero on a file over NETWORK_IMPORT_MAX_BYTES and writes nothing',
    { timeout: 60_000 },
    async () => {
      const before = await networkCount();
      const outcome = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(ROOT, 'apps/server/src/cli/network-import.ts'),
          TEMPLATE,
          '--as',
          OPERATOR_EMAIL,
        ],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            NODE_ENV: 'test',
            DATABASE_URL: database.url,
            NETWORK_IMPORT_MAX_BYTES: '1000',
          },
        },
      ).then(
        () => ({ code: 0, stdout: '' }),
        (error: unknown) => error as { code: number; stdout: string },
      );
      expect(outcome.code).toBe(1);
      expect(outcome.stdout).toMatch(/over the limit of 1,000 bytes .*Nothing written\./);
      expect(await networkCount()).toBe(before);
    },
  );
});

describe('who imports', () => {
  it('a write needs --as a staff member and is audited under them; a dry run needs neither', async () => {
    const lines: string[] = [];
    const context = {
      db: database.db,
      now: new Date('2026-11-20T02:00:00Z'),
      print: (line: string) => lines.push(line),
      rebuildReadModel: rebuildFinderIndex,
    };
    expect(await runNetworkImportCommand([TEMPLATE], context)).toBe(2);
    expect(lines.join('\n')).toMatch(/--as is required to write/);
    expect(
      await runNetworkImportCommand([TEMPLATE, '--as', 'not.staff@clinicpass.example'], context),
    ).toBe(2);
    expect(lines.join('\n')).toMatch(/not an enabled staff account/);
    expect(await runNetworkImportCommand([TEMPLATE, '--dry-run'], context)).toBe(0);
    const audited = () =>
      database.db.select().from(staffAudit).where(eq(staffAudit.action, 'network.import'));
    const before = (await audited()).length;
    expect(await runNetworkImportCommand([TEMPLATE, '--as', OPERATOR_EMAIL], context)).toBe(0);
    const rows = await audited();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      actorKind: 'operator',
      actor: OPERATOR_EMAIL,
      targetKind: 'network-source',
      after: expect.objectContaining({ file: path.basename(TEMPLATE) }),
    });
  });
});
