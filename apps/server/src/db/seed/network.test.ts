import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import {
  ALLOWED_SPECIALTY_SLUGS,
  CONSULTATION_FEE_LABEL_CODES,
  PANELS,
  SERVICES,
  serviceIdBySlug,
  specialtyRows,
} from './catalogue';
import { gapDistricts, generateNetwork, serviceCodeOf } from './network';
import { districtRows, loadDistricts, loadNearby } from './reference';

const network = generateNetwork();
const HK_CODES = loadDistricts().map((d) => d.code);
const venueById = new Map(network.venues.map((v) => [v.id, v]));
const doctorById = new Map(network.doctors.map((d) => [d.id, d]));

/** panel → service code → districts with a service point of it. */
function coverage(): Map<string, Map<string, Set<string>>> {
  const out = new Map<string, Map<string, Set<string>>>();
  for (const sp of network.servicePoints) {
    const code = serviceCodeOf(sp.serviceId);
    const byService = out.get(sp.panel) ?? new Map<string, Set<string>>();
    out.set(sp.panel, byService);
    const districts = byService.get(code) ?? new Set<string>();
    byService.set(code, districts);
    districts.add(venueById.get(sp.venueId)?.districtCode ?? '?');
  }
  return out;
}

describe('generateNetwork', () => {
  it('gives identical rows on two runs with the same seed', () => {
    expect(generateNetwork()).toEqual(network);
  });

  it('gives a different network for a different seed', () => {
    const other = generateNetwork({ seed: 7 });
    expect(other.doctors.slice(0, 20)).not.toEqual(network.doctors.slice(0, 20));
  });

  it('meets the default size: ≥600 doctors, ≥400 venues, exactly 1600 service points', () => {
    expect(network.doctors.length).toBeGreaterThanOrEqual(600);
    expect(network.venues.length).toBeGreaterThanOrEqual(400);
    expect(network.servicePoints).toHaveLength(1600);
  });

  it('puts most service points on the primary panel and some on the second', () => {
    const go = network.servicePoints.filter((sp) => sp.panel === 'go').length;
    const outpatient = network.servicePoints.filter((sp) => sp.panel === 'outpatient').length;
    expect(outpatient + go).toBe(1600);
    expect(go).toBeGreaterThan(50);
    expect(outpatient).toBeGreaterThan(go * 4);
  });

  it('assigns ids 1..n and only references rows that exist', () => {
    for (const rows of [
      network.doctors,
      network.venues,
      network.paymentInfos,
      network.servicePoints,
    ]) {
      expect(rows.map((r) => r.id)).toEqual(rows.map((_r, i) => i + 1));
    }
    const specialtyIds = new Set(specialtyRows().map((s) => s.id));
    for (const sp of network.servicePoints) {
      expect(doctorById.has(sp.doctorId)).toBe(true);
      expect(venueById.has(sp.venueId)).toBe(true);
      expect(sp.serviceId).toBeGreaterThanOrEqual(1);
      expect(sp.serviceId).toBeLessThanOrEqual(SERVICES.length);
      if (sp.specialtyId !== null) expect(specialtyIds.has(sp.specialtyId)).toBe(true);
    }
    for (const p of network.paymentInfos) expect(doctorById.has(p.doctorId)).toBe(true);
  });

  it('gives venues to every district, more in Yau Tsim Mong than in Islands', () => {
    const perDistrict = new Map<string, number>();
    for (const v of network.venues)
      perDistrict.set(v.districtCode, (perDistrict.get(v.districtCode) ?? 0) + 1);
    for (const d of districtRows()) expect(perDistrict.get(d.code), d.code).toBeGreaterThan(0);
    for (const code of HK_CODES) expect(perDistrict.get(code), code).toBeGreaterThanOrEqual(2);
    expect(perDistrict.get('E')).toBeGreaterThan(4 * (perDistrict.get('T') ?? 0));
    const kowloonAndIsland = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J'].reduce(
      (sum, code) => sum + (perDistrict.get(code) ?? 0),
      0,
    );
    expect(kowloonAndIsland / network.venues.length).toBeGreaterThan(0.55);
  });

  it('has every service on every panel that lists it, and every venue hosts a doctor', () => {
    const cover = coverage();
    for (const service of SERVICES) {
      for (const panel of service.panels) {
        expect(
          cover.get(panel)?.get(service.code)?.size,
          `${service.code} ${panel}`,
        ).toBeGreaterThan(0);
      }
      for (const panel of PANELS.filter((p) => !service.panels.includes(p))) {
        expect(cover.get(panel)?.has(service.code) ?? false, `${service.code} ${panel}`).toBe(
          false,
        );
      }
    }
    const hosting = new Set(network.servicePoints.map((sp) => sp.venueId));
    expect(hosting.size).toBe(network.venues.length);
  });

  it('leaves, for every service and panel, at least one Hong Kong district without it', () => {
    const cover = coverage();
    const nearby = loadNearby();
    for (const service of SERVICES) {
      for (const panel of service.panels) {
        const gaps = gapDistricts(service.code, panel);
        expect(gaps.length, `${service.code} ${panel}`).toBeGreaterThan(0);
        const served = cover.get(panel)?.get(service.code) ?? new Set<string>();
        for (const code of gaps) {
          expect(HK_CODES).toContain(code);
          expect(served.has(code), `${service.code} ${panel} in ${code}`).toBe(false);
        }
        expect(HK_CODES.some((code) => !served.has(code))).toBe(true);
        // Widening the search from a gap district finds something for the common services.
        if (service.code === 'GP' || service.code === 'SP' || service.code === 'CMC') {
          for (const code of gaps) {
            expect(
              nearby[code]?.some((n) => served.has(n)),
              `${service.code} ${panel} near ${code}`,
            ).toBe(true);
          }
        }
      }
    }
  });

  it('gives only valid Hong Kong phone numbers: fixed lines from 2 or 3, some mobiles', () => {
    const phones = network.doctors.flatMap((d) => d.phones.map((p) => p.no));
    for (const no of phones) {
      expect(no).toMatch(/^[235689]\d{7}$/);
      expect(parsePhoneNumberFromString(no, 'HK')?.isValid(), no).toBe(true);
    }
    for (const d of network.doctors) {
      expect(d.phones.length).toBeGreaterThan(0);
      expect(d.phones[0]?.no).toMatch(/^[23]/);
    }
    expect(phones.some((no) => /^[569]/.test(no))).toBe(true);
  });

  it('names doctors bilingually with titles per profession, some surnamed 陳', () => {
    for (const d of network.doctors) {
      expect(d.nameEn).toMatch(/^(Dr\. )?[A-Z][a-z]+ [A-Z][a-z]+ [A-Z][a-z]+( \([A-Za-z ]+\))?$/);
      expect(d.nameZh).toMatch(/^[\u4e00-\u9fff]{3}(醫生|中醫師|牙科醫生|物理治療師|脊醫|營養師)$/);
    }
    expect(network.doctors.some((d) => d.nameZh.startsWith('陳'))).toBe(true);
    expect(
      network.doctors.some((d) => d.nameEn.startsWith('Dr. ') && d.nameZh.endsWith('醫生')),
    ).toBe(true);
    expect(
      network.doctors.some((d) => d.nameZh.endsWith('中醫師') && !d.nameEn.startsWith('Dr.')),
    ).toBe(true);
  });

  it('names venues and addresses bilingually from the district, with 中環 somewhere', () => {
    for (const v of network.venues) {
      expect(v.nameZh).toMatch(/[\u4e00-\u9fff]/);
      expect(v.addressLineOne).toMatch(/^(Shop|Room) \w+, (G|\d+)\/F, (.+, )?\d+ [A-Z]/);
      expect(v.addressLineTwo).toMatch(/\d+號/);
    }
    expect(
      network.venues.some((v) => v.addressLineTwo.includes('中環') || v.nameZh.includes('中環')),
    ).toBe(true);
    expect(network.venues.some((v) => v.addressLineOne.includes('Nathan Road'))).toBe(true);
  });

  it('uses no Hospital Authority or government clinic names', () => {
    const forbidden =
      /General Out-?patient|Specialist Out-?patient|Jockey Club|Health Centre|Specialist Clinic|Hospital|Centre for Training and Research|Maternal and Child/i;
    for (const v of network.venues) expect(v.nameEn).not.toMatch(forbidden);
    for (const v of network.venues)
      expect(v.nameZh).not.toMatch(/普通科門診|專科門診|賽馬會|健康院|醫院|母嬰/);
  });

  it('has a doctor at 1–3 venues and several doctors at a venue', () => {
    const venuesOf = new Map<number, Set<number>>();
    const doctorsAt = new Map<number, Set<number>>();
    for (const sp of network.servicePoints) {
      venuesOf.set(sp.doctorId, (venuesOf.get(sp.doctorId) ?? new Set()).add(sp.venueId));
      doctorsAt.set(sp.venueId, (doctorsAt.get(sp.venueId) ?? new Set()).add(sp.doctorId));
    }
    const counts = [...venuesOf.values()].map((s) => s.size);
    expect(Math.min(...counts)).toBe(1);
    expect(Math.max(...counts)).toBe(3);
    expect([...doctorsAt.values()].some((s) => s.size >= 4)).toBe(true);
  });

  it('carries a specialty on specialist service points only', () => {
    const specialistId = serviceIdBySlug('specialist');
    for (const sp of network.servicePoints) {
      if (sp.serviceId === specialistId) expect(sp.specialtyId).not.toBeNull();
      else expect(sp.specialtyId).toBeNull();
    }
  });

  it('has specialists in all 24 allowed specialties and in the two that are not allowed', () => {
    const slugs = new Map(specialtyRows().map((s) => [s.id, s.slug]));
    const used = new Set(
      network.servicePoints.flatMap((sp) =>
        sp.specialtyId === null ? [] : [slugs.get(sp.specialtyId)],
      ),
    );
    for (const slug of ALLOWED_SPECIALTY_SLUGS) expect(used.has(slug), slug).toBe(true);
    expect(used.has('sports-medicine')).toBe(true);
    expect(used.has('aesthetic-medicine')).toBe(true);
  });

  it('has Pap Smear and Telemedicine service points', () => {
    const ids = new Set(network.servicePoints.map((sp) => sp.serviceId));
    expect(ids.has(serviceIdBySlug('pap-smear'))).toBe(true);
    expect(ids.has(serviceIdBySlug('telemedicine'))).toBe(true);
  });
});

describe('payment info', () => {
  const byDoctorAndCode = new Set(
    network.paymentInfos.map((p) => `${p.doctorId}|${p.serviceCode}`),
  );

  it('prices every service point for its doctor under the service code', () => {
    for (const sp of network.servicePoints) {
      expect(
        byDoctorAndCode.has(`${sp.doctorId}|${serviceCodeOf(sp.serviceId)}`),
        `sp ${sp.id}`,
      ).toBe(true);
    }
  });

  it('has at most one entry per doctor and code', () => {
    expect(byDoctorAndCode.size).toBe(network.paymentInfos.length);
  });

  it('uses the labelled fee codes PHS LAB ACU BST HER ROW VAC', () => {
    const codes = new Set(network.paymentInfos.map((p) => p.serviceCode));
    for (const code of CONSULTATION_FEE_LABEL_CODES) expect(codes.has(code), code).toBe(true);
  });

  it('saves at most 50%, exactly 50% on some, and leaves some without a marked price', () => {
    let half = 0;
    let unmarked = 0;
    for (const p of network.paymentInfos) {
      expect(p.amount).toBeGreaterThan(0);
      expect(Math.round(p.amount * 100) / 100).toBe(p.amount);
      if (p.markedPrice === null) {
        unmarked++;
        continue;
      }
      expect(Math.round(p.markedPrice * 100) / 100).toBe(p.markedPrice);
      expect(p.markedPrice).toBeGreaterThanOrEqual(p.amount);
      expect(p.markedPrice - p.amount).toBeLessThanOrEqual(p.markedPrice / 2);
      if (p.markedPrice === p.amount * 2) half++;
    }
    expect(half).toBeGreaterThan(0);
    expect(unmarked).toBeGreaterThan(0);
  });

  it('keeps member prices in realistic ranges', () => {
    const ranges: Record<string, [number, number]> = {
      GP: [150, 350],
      SP: [400, 900],
      CMC: [120, 300],
    };
    for (const p of network.paymentInfos) {
      const range = ranges[p.serviceCode];
      if (!range) continue;
      expect(p.amount).toBeGreaterThanOrEqual(range[0]);
      expect(p.amount).toBeLessThanOrEqual(range[1]);
    }
  });

  it('lists included and excluded treatments on some entries', () => {
    const properties = network.paymentInfos.flatMap((p) => p.treatmentProperties);
    expect(properties.some((t) => t.type === 'include')).toBe(true);
    expect(properties.some((t) => t.type === 'exclude')).toBe(true);
    expect(properties).toContainEqual({
      type: 'include',
      quantity: 3,
      unit_en: 'days',
      unit_zh: '天',
      treatment: { name_en: 'Western medicine', name_zh: '西藥' },
    });
    for (const t of properties) {
      expect(t.quantity).toBeGreaterThan(0);
      expect(t.unit_zh).toMatch(/[\u4e00-\u9fff]/);
      expect(t.treatment.name_zh).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('a large network', () => {
  it('generates 100,000 service points in seconds', () => {
    const big = generateNetwork({ servicePoints: 100_000 });
    expect(big.servicePoints).toHaveLength(100_000);
    expect(big.doctors.length).toBeGreaterThan(30_000);
    expect(big.venues.length).toBeGreaterThan(20_000);
    // The gaps hold at any size: no service point of a service in its gap districts.
    const gaps = new Map(
      SERVICES.flatMap((service, i) =>
        PANELS.map((panel) => [`${i + 1}|${panel}`, new Set(gapDistricts(service.code, panel))]),
      ),
    );
    const districtOf = new Map(big.venues.map((v) => [v.id, v.districtCode]));
    const inGap = big.servicePoints.filter((sp) =>
      gaps.get(`${sp.serviceId}|${sp.panel}`)?.has(districtOf.get(sp.venueId) ?? ''),
    );
    expect(inGap).toEqual([]);
  }, 30_000);

  it('generates a tiny network too', () => {
    const tiny = generateNetwork({ servicePoints: 10 });
    expect(tiny.servicePoints).toHaveLength(10);
    expect(() => generateNetwork({ servicePoints: 0 })).toThrow(RangeError);
  });
});
