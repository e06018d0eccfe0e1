import { ALLOWED_SPECIALTY_SLUGS } from '@clinicpass/shared/constants';
import { describe, expect, it } from 'vitest';

import {
  BODY_CHECK_KEY,
  groupServicesByCategory,
  isItemSelected,
  servicesWithSpecialties,
  toggleItem,
} from './service-grouping';
import type { HealthcareService } from './types';

let nextId = 1;
function service(
  slug: string,
  category: HealthcareService['category'],
  nameEn: string,
  specialties: string[] = [],
): HealthcareService {
  const id = nextId++;
  return {
    id,
    slug,
    code: slug.toUpperCase().slice(0, 3),
    category,
    sequence: id,
    name: nameEn,
    name_en: nameEn,
    name_zh: `${nameEn}（中）`,
    description: '',
    description_en: '',
    description_zh: '',
    specialties: specialties.map((s, index) => ({
      id: 100 + index,
      slug: s,
      description_en: `${s} (en)`,
      description_zh: `${s}（中）`,
    })),
    create_date: '2026-01-01',
    update_date: '2026-01-01',
  };
}

const BODY_CHECK = { en: 'Body Check', zh: '身體檢查' };
const services: HealthcareService[] = [
  service('physiotherapy', 'others', 'Physiotherapy'),
  service('general-practitioner', 'general-practitioner', 'General Practitioner'),
  service('specialist', 'specialist-practitioner', 'Specialist', [
    'urology',
    'cardiology',
    'sports-medicine',
  ]),
  service('acupuncture', 'chinese-medicine', 'Acupuncture'),
  service('basic-body-check', 'bodycheck', 'Basic Body Check'),
  service('comprehensive-body-check', 'bodycheck', 'Comprehensive Body Check'),
  service('pap-smear', 'others', 'Pap Smear'),
  service('telemedicine', 'others', 'Telemedicine'),
  service('dental-consultation', 'dental', 'Dental Consultation'),
];

describe('service grouping of the primary panel', () => {
  const categories = groupServicesByCategory(services, BODY_CHECK);

  it('lists the categories in order with Others last', () => {
    expect(categories.map((category) => category.slug)).toEqual([
      'general-practitioner',
      'specialist-practitioner',
      'chinese-medicine',
      'dental',
      'bodycheck',
      'others',
    ]);
  });

  it('leaves out Pap Smear and Telemedicine', () => {
    const names = categories.flatMap((category) => category.items.map((item) => item.name_en));
    expect(names).not.toContain('Pap Smear');
    expect(names).not.toContain('Telemedicine');
    expect(names).toContain('Physiotherapy');
  });

  it('lists the allowed specialties by description under the specialist group', () => {
    const specialist = categories.find((category) => category.slug === 'specialist-practitioner');
    expect(specialist?.items.map((item) => [item.tag, item.name_en])).toEqual([
      ['specialty', 'cardiology (en)'],
      ['specialty', 'urology (en)'],
    ]);
    expect(ALLOWED_SPECIALTY_SLUGS).toHaveLength(24);
  });

  it('shows the two body-check services as one Body Check line selecting both', () => {
    const bodycheck = categories.find((category) => category.slug === 'bodycheck');
    expect(bodycheck?.items).toHaveLength(1);
    const item = bodycheck?.items[0];
    expect(item?.key).toBe(BODY_CHECK_KEY);
    expect(item?.name_zh).toBe('身體檢查');
    if (item === undefined) throw new Error('no body check line');
    const selected = toggleItem({ services: [], specialties: [] }, item);
    expect(selected.services).toHaveLength(2);
    expect(isItemSelected(item, selected)).toBe(true);
    expect(toggleItem(selected, item).services).toEqual([]);
  });
});

describe('service grouping of the second panel', () => {
  it('lists services with their allowed specialties as children', () => {
    const tree = servicesWithSpecialties(services, BODY_CHECK);
    const specialist = tree.find((item) => item.name_en === 'Specialist');
    expect(specialist?.tag).toBe('healthcare-service');
    expect(specialist?.children.map((child) => child.specialtySlug)).toEqual([
      'cardiology',
      'urology',
    ]);
    expect(tree.filter((item) => item.key === BODY_CHECK_KEY)).toHaveLength(1);
    expect(tree.map((item) => item.name_en)).not.toContain('Telemedicine');
  });
});
