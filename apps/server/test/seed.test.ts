import { ALLOWED_SPECIALTY_SLUGS } from '@clinicpass/shared/constants';
import { isValidHkPhone } from '@clinicpass/shared/identity/hk-phone';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hkidLookupHash } from '../src/lib/hkid-hash';
import { verifyPassword } from '../src/lib/passwords';
import { TEST_SECRET_KEY } from './constants';
import { createTestDatabase, type TestDatabase } from './db';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await database.db.execute(query)).rows as T[];
}

describe('seeded network', () => {
  it('has the 18 Hong Kong districts in three regions, plus Macau and Mainland China', async () => {
    const regions = await rows<{ code: string; districts: number }>(sql`
      SELECT r.code, count(d.code)::int AS districts FROM country_region r
      LEFT JOIN district d ON d.region_id = r.id GROUP BY r.code ORDER BY min(r.sequence)`);
    expect(regions.map((r) => r.code)).toEqual([
      'hong-kong-island',
      'kowloon',
      'new-territories',
      'macau',
      'mainland-china',
    ]);
    const hk = regions.slice(0, 3).reduce((sum, r) => sum + r.districts, 0);
    expect(hk).toBe(18);
  });

  it('gives every district venues, denser in Kowloon and on Hong Kong Island', async () => {
    const perDistrict = await rows<{ code: string; region: string; venues: number }>(sql`
      SELECT d.code, r.code AS region, count(v.id)::int AS venues FROM district d
      JOIN country_region r ON r.id = d.region_id
      LEFT JOIN venue v ON v.district_code = d.code
      WHERE r.code IN ('hong-kong-island', 'kowloon', 'new-territories')
      GROUP BY d.code, r.code`);
    expect(perDistrict).toHaveLength(18);
    for (const d of perDistrict) expect(d.venues, `venues in ${d.code}`).toBeGreaterThan(0);
    const density = (region: string) => {
      const list = perDistrict.filter((d) => d.region === region);
      return list.reduce((s, d) => s + d.venues, 0) / list.length;
    };
    expect(density('kowloon')).toBeGreaterThan(density('new-territories'));
    expect(density('hong-kong-island')).toBeGreaterThan(density('new-territories'));
  });

  it('has at least 600 doctors, 400 venues and 1,500 service points over both panels', async () => {
    const [counts] = await rows<{
      doctors: number;
      venues: number;
      points: number;
      panels: string[];
    }>(sql`
      SELECT (SELECT count(*) FROM doctor)::int AS doctors, (SELECT count(*) FROM venue)::int AS venues,
             (SELECT count(*) FROM service_point)::int AS points,
             (SELECT array_agg(DISTINCT panel ORDER BY panel) FROM service_point) AS panels`);
    expect(counts?.doctors).toBeGreaterThanOrEqual(600);
    expect(counts?.venues).toBeGreaterThanOrEqual(400);
    expect(counts?.points).toBeGreaterThanOrEqual(1500);
    expect(counts?.panels).toEqual(['go', 'outpatient']);
  });

  it('has every service of the spec with provision slugs per panel', async () => {
    const services = await rows<{ name_en: string; provisions: string[] }>(sql`
      SELECT s.name_en, array_agg(p.provision_slug ORDER BY p.provision_slug) AS provisions
      FROM healthcare_service s JOIN service_provision p ON p.service_id = s.id GROUP BY s.name_en`);
    const names = services.map((s) => s.name_en);
    for (const name of [
      'General Practitioner',
      'Chinese Medicine Consultation',
      'Acupuncture',
      'Bonesetter',
      'Chiropractic Service',
      'Dental Consultation',
      'Physiotherapy',
      'Sports Therapy',
      'X-Ray & Laboratory Service',
      'Flu Vaccine',
      'Endoscopy',
      'Vaccination',
      'Dietitian',
      'Pap Smear',
      'Telemedicine',
    ]) {
      expect(names).toContain(name);
    }
    const provisions = new Set(services.flatMap((s) => s.provisions));
    expect([...provisions].sort()).toEqual(['outpatient-doctors', 'outpatient-panel-doctors']);
  });

  it('has the 24 allowed specialties under the specialist service', async () => {
    const slugs = await rows<{ slug: string }>(sql`
      SELECT sp.slug FROM specialty sp
      JOIN service_specialty ss ON ss.specialty_id = sp.id
      JOIN healthcare_service s ON s.id = ss.service_id WHERE s.slug = 'specialist'`);
    const found = slugs.map((s) => s.slug);
    for (const slug of ALLOWED_SPECIALTY_SLUGS) expect(found).toContain(slug);
  });

  it('leaves, for every service, a Hong Kong district without it on each panel', async () => {
    const covered = await rows<{ service_id: number; panel: string; districts: number }>(sql`
      SELECT sp.service_id, sp.panel, count(DISTINCT v.district_code)::int AS districts
      FROM service_point sp JOIN venue v ON v.id = sp.venue_id
      JOIN district d ON d.code = v.district_code JOIN country_region r ON r.id = d.region_id
      WHERE r.code IN ('hong-kong-island', 'kowloon', 'new-territories')
      GROUP BY sp.service_id, sp.panel`);
    expect(covered.length).toBeGreaterThan(0);
    for (const c of covered)
      expect(c.districts, `service ${c.service_id} on ${c.panel}`).toBeLessThan(18);
  });

  it('gives every seeded phone a valid Hong Kong number', async () => {
    const phones = await rows<{ no: string }>(sql`
      SELECT p->>'no' AS no FROM doctor, jsonb_array_elements(phones) AS p`);
    expect(phones.length).toBeGreaterThan(600);
    const invalid = phones.filter((p) => !isValidHkPhone(p.no));
    expect(invalid).toEqual([]);
  });

  it('prices services so that the best saving is exactly 50% and none is more', async () => {
    const [best] = await rows<{ max_saving: string }>(sql`
      SELECT max(1 - amount / marked_price) AS max_saving FROM payment_info WHERE marked_price > 0`);
    expect(Number(best?.max_saving)).toBeCloseTo(0.5, 5);
  });
});

describe('seeded demo data', () => {
  it('finds the working-card member by keyed HKID hash, never by the number itself', async () => {
    const hash = hkidLookupHash(TEST_SECRET_KEY, 'A123456(3)');
    const found = await rows<{ policy_number: string; hkid_masked: string; status: string }>(sql`
      SELECT p.policy_number, m.hkid_masked, p.status FROM member m JOIN policy p ON p.id = m.policy_id
      WHERE m.hkid_hash = ${hash}`);
    expect(found).toEqual([
      {
        policy_number: 'OP1000001',
        hkid_masked: expect.not.stringContaining('456(3)'),
        status: 'in-force',
      },
    ]);
    const leaked = await rows(sql`SELECT 1 FROM member WHERE hkid_masked LIKE '%123456%'`);
    expect(leaked).toEqual([]);
  });

  it('has the owner with a verified phone and the demo password', async () => {
    const [owner] = await rows<{
      phone_number: string;
      phone_verified: boolean;
      password_hash: string;
    }>(sql`
      SELECT phone_number, phone_verified, password_hash FROM app_user WHERE email = 'owner@example.com'`);
    expect(owner?.phone_number).toBe('+85291234567');
    expect(owner?.phone_verified).toBe(true);
    expect(await verifyPassword(owner?.password_hash ?? '', 'ClinicPass2026')).toBe(true);
  });

  it('has a VHIS policy without a medical network and a member who must set a password', async () => {
    const [vhis] = await rows<{ medical_network_panel: string | null }>(sql`
      SELECT pr.medical_network_panel FROM policy p JOIN product pr ON pr.id = p.product_id
      WHERE p.policy_number = 'VH1000003'`);
    expect(vhis).toEqual({ medical_network_panel: null });
    const [newMember] = await rows<{ status: string }>(sql`
      SELECT status FROM app_user WHERE email = 'newmember@example.com'`);
    expect(newMember?.status).toBe('FORCE_CHANGE_PASSWORD');
  });

  it('has announcements for customers and guests, one dismissable and one not', async () => {
    const list = await rows<{ tags: string[]; is_dismissable: boolean }>(sql`
      SELECT tags, is_dismissable FROM announcement WHERE 'guest' = ANY(tags)`);
    expect(list.some((a) => a.is_dismissable)).toBe(true);
    expect(list.some((a) => !a.is_dismissable)).toBe(true);
  });
});

describe('replacing the network', () => {
  it('swaps doctors, venues and service points for a network of the asked size, keeping accounts', async () => {
    const { replaceNetwork } = await import('../src/db/seed/seed');
    const other = await createTestDatabase();
    try {
      const count = await replaceNetwork(other.db, 3000);
      expect(count).toBe(3000);
      const [row] = (
        await other.db.execute<{ points: number; owners: number }>(sql`
          SELECT (SELECT count(*) FROM service_point)::int AS points,
                 (SELECT count(*) FROM app_user WHERE email = 'owner@example.com')::int AS owners`)
      ).rows;
      expect(row).toEqual({ points: 3000, owners: 1 });
    } finally {
      await other.drop();
    }
  });
});
