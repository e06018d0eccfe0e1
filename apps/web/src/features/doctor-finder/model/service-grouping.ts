// Services and specialties as the pickers list them (spec §3): the primary panel's six
// categories (master-detail) and the second panel's services with specialties (accordion).
import { ALLOWED_SPECIALTY_SLUGS } from '@clinicpass/shared/constants';
import type { Language } from '@clinicpass/shared/i18n/languages';
import { SERVICE_CATEGORIES } from '@clinicpass/shared/schemas/finder';

import type { HealthcareService, Specialty } from './types';

/** The six primary-panel categories in display order; Others always last. */
export const SERVICE_CATEGORY_SLUGS = SERVICE_CATEGORIES;
export type ServiceCategorySlug = (typeof SERVICE_CATEGORY_SLUGS)[number];

/** The service whose display name comes from the specialty (spec §3). */
export const SPECIALIST_SERVICE_SLUG = 'specialist';
const EXCLUDED_SERVICE_NAMES = ['pap smear', 'telemedicine'];
/** Key of the item that stands for both body-check services. */
export const BODY_CHECK_KEY = 'service:body-check';

export type ItemTag = 'specialty' | 'healthcare-service';

/** One selectable line of a services-and-specialties picker. */
export interface ServiceItem {
  key: string;
  tag: ItemTag;
  name_en: string;
  name_zh: string;
  /** Service ids this line selects (two for Body Check; none for a specialty). */
  serviceIds: string[];
  /** The specialty slug this line selects. */
  specialtySlug: string | null;
  /** Specialties listed under a service (second panel's accordion). */
  children: ServiceItem[];
}

export interface ServiceCategory {
  slug: ServiceCategorySlug;
  items: ServiceItem[];
}

export function isExcludedService(service: Pick<HealthcareService, 'name_en' | 'slug'>): boolean {
  const name = service.name_en.toLowerCase();
  const slug = service.slug.toLowerCase();
  return EXCLUDED_SERVICE_NAMES.some(
    (excluded) => name === excluded || slug === excluded.replace(' ', '-'),
  );
}

const isBodyCheck = (service: HealthcareService) => service.category === 'bodycheck';

function specialtyItem(specialty: Specialty): ServiceItem {
  return {
    key: `specialty:${specialty.slug}`,
    tag: 'specialty',
    name_en: specialty.description_en,
    name_zh: specialty.description_zh,
    serviceIds: [],
    specialtySlug: specialty.slug,
    children: [],
  };
}

/** The allowed specialties of a service, in the spec's order. */
export function allowedSpecialties(service: HealthcareService): Specialty[] {
  const order = new Map<string, number>(
    ALLOWED_SPECIALTY_SLUGS.map((slug, index) => [slug, index]),
  );
  return service.specialties
    .filter((specialty) => order.has(specialty.slug))
    .sort((a, b) => (order.get(a.slug) ?? 0) - (order.get(b.slug) ?? 0));
}

function serviceItem(service: HealthcareService, withChildren: boolean): ServiceItem {
  return {
    key: `service:${service.id}`,
    tag: 'healthcare-service',
    name_en: service.name_en,
    name_zh: service.name_zh,
    serviceIds: [String(service.id)],
    specialtySlug: null,
    children: withChildren ? allowedSpecialties(service).map(specialtyItem) : [],
  };
}

function bodyCheckItem(services: HealthcareService[], names: BodyCheckNames): ServiceItem {
  return {
    key: BODY_CHECK_KEY,
    tag: 'healthcare-service',
    name_en: names.en,
    name_zh: names.zh,
    serviceIds: services.map((service) => String(service.id)),
    specialtySlug: null,
    children: [],
  };
}

export interface BodyCheckNames {
  en: string;
  zh: string;
}

const bySequence = (a: HealthcareService, b: HealthcareService) => a.sequence - b.sequence;

/**
 * The primary panel's categories: services by category, Pap Smear and Telemedicine left out,
 * the specialist service replaced by its allowed specialties, the body checks as one line.
 * Empty categories are dropped; Others is last.
 */
export function groupServicesByCategory(
  services: readonly HealthcareService[],
  bodyCheckNames: BodyCheckNames,
): ServiceCategory[] {
  const kept = services.filter((service) => !isExcludedService(service)).sort(bySequence);
  return SERVICE_CATEGORY_SLUGS.map((slug) => {
    const inCategory = kept.filter((service) =>
      slug === 'others'
        ? service.category === 'others' ||
          !SERVICE_CATEGORY_SLUGS.some((known) => known === service.category)
        : service.category === slug,
    );
    const items: ServiceItem[] = [];
    const bodyChecks = inCategory.filter(isBodyCheck);
    for (const service of inCategory) {
      if (service.slug === SPECIALIST_SERVICE_SLUG) {
        items.push(...allowedSpecialties(service).map(specialtyItem));
      } else if (isBodyCheck(service)) {
        if (service === bodyChecks[0]) items.push(bodyCheckItem(bodyChecks, bodyCheckNames));
      } else {
        items.push(serviceItem(service, false));
      }
    }
    return { slug, items };
  }).filter((category) => category.items.length > 0);
}

/** The second panel's accordion: services in order, the specialties of each as children. */
export function servicesWithSpecialties(
  services: readonly HealthcareService[],
  bodyCheckNames: BodyCheckNames,
): ServiceItem[] {
  const kept = services.filter((service) => !isExcludedService(service)).sort(bySequence);
  const bodyChecks = kept.filter(isBodyCheck);
  const items: ServiceItem[] = [];
  for (const service of kept) {
    if (isBodyCheck(service)) {
      if (service === bodyChecks[0]) items.push(bodyCheckItem(bodyChecks, bodyCheckNames));
    } else {
      items.push(serviceItem(service, true));
    }
  }
  return items;
}

/** Every selectable line of a grouping, parents and children. */
export function flattenItems(items: readonly ServiceItem[]): ServiceItem[] {
  return items.flatMap((item) => [item, ...item.children]);
}

/** The item's name in a language. */
export function itemName(item: Pick<ServiceItem, 'name_en' | 'name_zh'>, language: Language) {
  return language === 'zh-HK' ? item.name_zh : item.name_en;
}

/** Whether a line is chosen in a selection of service ids and specialty slugs. */
export function isItemSelected(
  item: ServiceItem,
  selection: { services: readonly string[]; specialties: readonly string[] },
): boolean {
  if (item.specialtySlug !== null) return selection.specialties.includes(item.specialtySlug);
  return (
    item.serviceIds.length > 0 && item.serviceIds.every((id) => selection.services.includes(id))
  );
}

/** The selection with a line switched on or off. */
export function toggleItem<S extends { services: string[]; specialties: string[] }>(
  selection: S,
  item: ServiceItem,
): S {
  const selected = isItemSelected(item, selection);
  if (item.specialtySlug !== null) {
    const slug = item.specialtySlug;
    return {
      ...selection,
      specialties: selected
        ? selection.specialties.filter((value) => value !== slug)
        : [...selection.specialties, slug],
    };
  }
  return {
    ...selection,
    services: selected
      ? selection.services.filter((id) => !item.serviceIds.includes(id))
      : [
          ...selection.services,
          ...item.serviceIds.filter((id) => !selection.services.includes(id)),
        ],
  };
}
