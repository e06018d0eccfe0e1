import { ALLOWED_SPECIALTY_SLUGS as SPEC_ALLOWED_SPECIALTY_SLUGS } from '@clinicpass/shared/constants';
import { describe, expect, it } from 'vitest';
import {
  ALLOWED_SPECIALTY_SLUGS,
  CONSULTATION_FEE_LABEL_CODES,
  PAYMENT_ONLY_CODES,
  SERVICE_CATEGORIES,
  SERVICES,
  serviceIdBySlug,
  serviceProvisionRows,
  serviceRows,
  serviceSpecialtyRows,
  SPECIALTIES,
  specialtyRows,
} from './catalogue';

const namesIn = (category: string): string[] =>
  SERVICES.filter((s) => s.category === category).map((s) => s.nameEn);

describe('service categories', () => {
  it('lists the six primary-panel categories in order with Others last', () => {
    expect(SERVICE_CATEGORIES.map((c) => [c.slug, c.nameEn, c.nameZh])).toEqual([
      ['general-practitioner', 'General Practitioner', '普通科醫生'],
      ['specialist-practitioner', 'Specialist Practitioner', '專科醫生'],
      ['chinese-medicine', 'Chinese Medicine', '中醫'],
      ['dental', 'Dental', '牙科'],
      ['bodycheck', 'Bodycheck', '身體檢查'],
      ['others', 'Others', '其他'],
    ]);
  });

  it('puts the spec services in each category, plus Pap Smear and Telemedicine', () => {
    expect(namesIn('general-practitioner')).toEqual(['General Practitioner', 'Telemedicine']);
    expect(namesIn('specialist-practitioner')).toEqual(['Specialist Practitioner']);
    expect(namesIn('chinese-medicine')).toEqual([
      'Chinese Medicine Consultation',
      'Acupuncture',
      'Bonesetter',
      'Chiropractic Service',
    ]);
    expect(namesIn('dental')).toEqual([
      'Dental Oral Examination/ Scaling & Polishing',
      'Dental Consultation',
    ]);
    expect(namesIn('bodycheck')).toHaveLength(2);
    expect(namesIn('others')).toEqual([
      'Physiotherapy',
      'Sports Therapy',
      'X-Ray & Laboratory Service',
      'Flu Vaccine',
      'Endoscopy',
      'Vaccination',
      'Dietitian',
      'Pap Smear',
    ]);
    expect(SERVICES.find((s) => s.nameEn === 'Pap Smear')?.nameZh).toBe('柏氏抹片');
    expect(SERVICES.find((s) => s.nameEn === 'Telemedicine')?.nameZh).toBe('遙距醫療');
  });

  it('keeps slugs kebab-case and unique, codes unique, every text bilingual', () => {
    expect(new Set(SERVICES.map((s) => s.slug)).size).toBe(SERVICES.length);
    expect(new Set(SERVICES.map((s) => s.code)).size).toBe(SERVICES.length);
    for (const s of SERVICES) {
      expect(s.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(s.nameZh).toMatch(/[\u4e00-\u9fff]/);
      expect(s.descriptionEn.length).toBeGreaterThan(0);
      expect(s.descriptionZh).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(SERVICES.find((s) => s.slug === 'specialist')?.code).toBe('SP');
    expect(SERVICES.find((s) => s.slug === 'general-practitioner')?.code).toBe('GP');
  });
});

describe('consultation fee codes', () => {
  it('uses every labelled code (PHS LAB ACU BST HER ROW VAC) as a service or payment-only code', () => {
    const codes = new Set([...SERVICES.map((s) => s.code), ...Object.keys(PAYMENT_ONLY_CODES)]);
    for (const code of CONSULTATION_FEE_LABEL_CODES) expect(codes.has(code), code).toBe(true);
    expect(SERVICES.find((s) => s.code === 'PHS')?.slug).toBe('physiotherapy');
    expect(SERVICES.find((s) => s.code === 'LAB')?.slug).toBe('x-ray-laboratory-service');
    expect(SERVICES.find((s) => s.code === 'BST')?.slug).toBe('bonesetter');
  });

  it('keeps payment-only codes apart from the service codes', () => {
    for (const code of Object.keys(PAYMENT_ONLY_CODES)) {
      expect(SERVICES.some((s) => s.code === code)).toBe(false);
    }
  });
});

describe('provisions', () => {
  it('lists the smaller second-panel set on outpatient-panel-doctors', () => {
    const rows = serviceProvisionRows();
    const slugsOn = (provision: string): string[] =>
      rows
        .filter((r) => r.provisionSlug === provision)
        .map((r) => SERVICES[r.serviceId - 1]?.slug ?? '?');
    expect(slugsOn('outpatient-doctors')).toEqual(SERVICES.map((s) => s.slug));
    expect(slugsOn('outpatient-panel-doctors')).toEqual([
      'general-practitioner',
      'specialist',
      'chinese-medicine-consultation',
      'basic-body-check',
      'comprehensive-body-check',
      'physiotherapy',
    ]);
  });
});

describe('specialties', () => {
  it('has exactly the 24 allowed slugs of the spec, plus two that are not allowed', () => {
    expect(ALLOWED_SPECIALTY_SLUGS).toEqual([...SPEC_ALLOWED_SPECIALTY_SLUGS]);
    const notAllowed = SPECIALTIES.filter((s) => !s.allowed).map((s) => s.slug);
    expect(notAllowed).toEqual(['sports-medicine', 'aesthetic-medicine']);
  });

  it('has English descriptions and Hong Kong Chinese names', () => {
    const bySlug = new Map(SPECIALTIES.map((s) => [s.slug, s]));
    expect(bySlug.get('cardiology')).toMatchObject({
      descriptionEn: 'Cardiology',
      descriptionZh: '心臟科',
    });
    expect(bySlug.get('obstetrics-gynaecology')).toMatchObject({
      descriptionEn: 'Obstetrics & Gynaecology',
      descriptionZh: '婦產科',
    });
    expect(bySlug.get('otorhinolaryngology')?.descriptionZh).toBe('耳鼻喉科');
    expect(bySlug.get('orthopaedics-traumatology')?.descriptionZh).toBe('骨科');
    expect(new Set(SPECIALTIES.map((s) => s.descriptionZh)).size).toBe(SPECIALTIES.length);
  });

  it('links every specialty to the specialist service', () => {
    const specialistId = serviceIdBySlug('specialist');
    const links = serviceSpecialtyRows();
    expect(links).toHaveLength(26);
    expect(links.every((l) => l.serviceId === specialistId)).toBe(true);
    expect(links.map((l) => l.specialtyId)).toEqual(specialtyRows().map((s) => s.id));
  });
});

describe('rows', () => {
  it('assigns ids 1..n in list order', () => {
    expect(serviceRows().map((r) => r.id)).toEqual(SERVICES.map((_s, i) => i + 1));
    expect(serviceRows().map((r) => r.sequence)).toEqual(SERVICES.map((_s, i) => i + 1));
    expect(specialtyRows().map((r) => r.id)).toEqual(SPECIALTIES.map((_s, i) => i + 1));
    expect(specialtyRows()[0]).toEqual({
      id: 1,
      slug: 'cardiology',
      descriptionEn: 'Cardiology',
      descriptionZh: '心臟科',
    });
  });
});
