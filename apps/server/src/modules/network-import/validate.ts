// Checks every row of an import file before anything is written, and turns the rows into the
// network's records (doctor, venue, service point, price). Every problem is reported with its
// line or feature, its column, what was wrong and what was expected; one bad row does not hide
// the next one's problems. Hours are never an error: text the parser cannot read is kept as
// text and reported as a warning (decision 188).
import type { BilingualText, OpeningHours } from '@clinicpass/shared/schemas/hours';
import { type DistrictName, districtLookup, districtOfPoint } from './districts';
import { isMissing, parseHours } from './hours-parser';
import { parsePhones } from './phones';
import {
  type ImportIssue,
  REQUIRED_COLUMNS,
  type SourceRow,
  type SourceTable,
  type TemplateColumn,
  VENUE_COLUMNS,
} from './template';

/** What the network already knows: districts, services with their panels and specialties. */
export interface Catalogue {
  districts: DistrictName[];
  services: { id: number; slug: string; code: string; panels: string[]; specialtyIds: number[] }[];
  specialties: { id: number; slug: string }[];
}

export const PANELS = ['outpatient', 'go'] as const;

export interface DoctorRecord {
  externalId: string;
  nameEn: string;
  nameZh: string;
  phones: { no: string; label?: string }[];
}

export interface VenueRecord {
  externalId: string;
  nameEn: string;
  nameZh: string;
  districtCode: string;
  addressLineOne: string;
  addressLineTwo: string;
  openingHours: OpeningHours | null;
  hoursNote: BilingualText | null;
  hoursText: BilingualText | null;
  /** WGS 84; null when the row gives no point (issue 41). */
  latitude: number | null;
  longitude: number | null;
}

export interface ServicePointRecord {
  externalId: string;
  panel: string;
  doctorExternalId: string;
  venueExternalId: string;
  serviceId: number;
  specialtyId: number | null;
}

export interface PriceRecord {
  doctorExternalId: string;
  serviceCode: string;
  amount: number;
  markedPrice: number | null;
}

/** The file's network, each record once, in file order. */
export interface NetworkRecords {
  doctors: DoctorRecord[];
  venues: VenueRecord[];
  servicePoints: ServicePointRecord[];
  prices: PriceRecord[];
}

/** A row that was read into records, with the records it stands for (their external ids). */
export interface AcceptedRow {
  where: string;
  key: string;
  doctor: string | null;
  venue: string;
  servicePoint: string | null;
  /** "doctor id / service code", as the plan names prices. */
  price: string | null;
}

/** A row with errors: kept in the quarantine with them (decision 300). */
export interface RejectedRow {
  row: SourceRow;
  key: string;
  issues: ImportIssue[];
}

export interface Validated {
  records: NetworkRecords;
  accepted: AcceptedRow[];
  rejected: RejectedRow[];
  errors: ImportIssue[];
  /** Hours kept as text (not errors): where, and why the parser could not read them. */
  warnings: ImportIssue[];
}

const PRICE = /^(?:hk)?\$?\s*(\d{1,8}(?:,\d{3})*(?:\.\d{1,2})?)$/i;

function price(text: string): number | null {
  const match = PRICE.exec(text.trim().replace(/\s+/g, ''));
  if (!match?.[1]) return null;
  const value = Number(match[1].replace(/,/g, ''));
  return Number.isFinite(value) && value <= 99_999_999.99 ? value : null;
}

/** The row's key in the quarantine: its service point id, else its venue id, else where it is. */
export function rowKey(row: SourceRow): string {
  const id = (column: TemplateColumn) => {
    const value = row.cells[column];
    return value === undefined || isMissing(value) ? null : value;
  };
  return id('service_point_id') ?? id('venue_id') ?? row.where;
}

const COORDINATE = /^-?\d{1,3}(?:\.\d+)?$/;

/**
 * The row's point [longitude, latitude]: the GeoJSON geometry, else the latitude and longitude
 * columns; null when neither is given, an issue when the columns are not coordinates.
 */
function rowPoint(
  row: SourceRow,
  latitude: string | null,
  longitude: string | null,
): { point: [number, number] | null; problem: string | null } {
  if (row.point) return { point: row.point, problem: null };
  if (latitude === null && longitude === null) return { point: null, problem: null };
  if (latitude === null || longitude === null) {
    return { point: null, problem: `only ${latitude === null ? 'longitude' : 'latitude'} given` };
  }
  const lat = COORDINATE.test(latitude) ? Number(latitude) : NaN;
  const lng = COORDINATE.test(longitude) ? Number(longitude) : NaN;
  if (!(lat >= -90 && lat <= 90) || !(lng >= -180 && lng <= 180)) {
    return { point: null, problem: `"${latitude}, ${longitude}" are not coordinates` };
  }
  return { point: [lng, lat], problem: null };
}

/** Same fields, same values: two rows describing one doctor or venue must agree. */
function differences<T extends object>(a: T, b: T): string[] {
  return (Object.keys(a) as (keyof T)[])
    .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .map(String);
}

export function validateTable(table: SourceTable, catalogue: Catalogue): Validated {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const district = districtLookup(catalogue.districts);
  const serviceByKey = new Map<string, Catalogue['services'][number]>();
  for (const service of catalogue.services) {
    serviceByKey.set(service.slug.toLowerCase(), service);
    serviceByKey.set(service.code.toLowerCase(), service);
  }
  const specialtyBySlug = new Map(catalogue.specialties.map((s) => [s.slug.toLowerCase(), s]));
  const doctors = new Map<string, { record: DoctorRecord; where: string }>();
  const venues = new Map<string, { record: VenueRecord; where: string }>();
  const servicePoints = new Map<string, { record: ServicePointRecord; where: string }>();
  const prices = new Map<string, { record: PriceRecord; where: string }>();

  const required = table.venuesOnly
    ? VENUE_COLUMNS.filter(
        (c) => !['district', 'hours_en', 'hours_zh', 'latitude', 'longitude'].includes(c),
      )
    : REQUIRED_COLUMNS.filter((c) => c !== 'district');

  const accepted: AcceptedRow[] = [];
  const rejected: RejectedRow[] = [];

  /** Reads one row into the maps; answers what it stands for, or null (its issues say why). */
  const readRow = (row: SourceRow): AcceptedRow | null => {
    const issue = (column: string, problem: string, expected: string) => {
      errors.push({ where: row.where, column, problem, expected });
    };
    const cell = (column: TemplateColumn): string | null => {
      const value = row.cells[column];
      return value === undefined || isMissing(value) ? null : value;
    };
    let ok = true;
    for (const column of required) {
      if (cell(column) === null) {
        issue(column, 'missing', 'a value');
        ok = false;
      }
    }

    // Coordinates: the GeoJSON point, else the latitude / longitude columns (issue 41).
    const located = rowPoint(row, cell('latitude'), cell('longitude'));
    if (located.problem !== null) {
      issue(
        'latitude/longitude',
        located.problem,
        'a latitude and a longitude in decimal degrees, e.g. 22.2799, 114.1588, or neither',
      );
      ok = false;
    }
    const point = located.point;

    // District: the column, else the point.
    let districtCode: string | null = null;
    const districtText = cell('district');
    if (districtText !== null) {
      districtCode = district(districtText);
      if (districtCode === null) {
        issue(
          'district',
          `unknown district "${districtText}"`,
          'a district code (A–T) or its English or Chinese name, e.g. SOUTHERN or 南區',
        );
      }
    } else if (point) {
      districtCode = districtOfPoint(point);
      if (districtCode === null) {
        issue(
          'district',
          `the point ${point.join(', ')} is outside Hong Kong's 18 districts`,
          'a point [longitude, latitude] inside Hong Kong, or a district column',
        );
      }
    } else {
      issue('district', 'missing', 'a district code or name (or a point: latitude and longitude)');
    }

    const hours = parseHours(cell('hours_en'), cell('hours_zh'));
    if (hours.problems.length > 0) {
      warnings.push({
        where: row.where,
        column: 'hours_en/hours_zh',
        problem: `kept as text: ${hours.problems.join('; ')}`,
        expected: 'day lines and time ranges, e.g. "Monday to Friday<br>9:00am - 1:00pm"',
      });
    }

    const venueId = cell('venue_id');
    let venue: VenueRecord | null = null;
    if (venueId !== null && districtCode !== null) {
      venue = {
        externalId: venueId,
        nameEn: cell('venue_name_en') ?? '',
        nameZh: cell('venue_name_zh') ?? '',
        districtCode,
        addressLineOne: cell('address_en') ?? '',
        addressLineTwo: cell('address_zh') ?? '',
        openingHours: hours.openingHours,
        hoursNote: hours.hoursNote,
        hoursText: hours.hoursText,
        latitude: point ? point[1] : null,
        longitude: point ? point[0] : null,
      };
    }

    if (table.venuesOnly) {
      if (venue && venueId !== null) {
        const seen = venues.get(venueId);
        if (seen) {
          issue(
            'venue_id',
            `duplicate venue id "${venueId}", already on ${seen.where}`,
            'one row per venue',
          );
        } else if (ok) {
          venues.set(venueId, { record: venue, where: row.where });
          return {
            where: row.where,
            key: rowKey(row),
            doctor: null,
            venue: venueId,
            servicePoint: null,
            price: null,
          };
        }
      }
      return null;
    }

    // Panel, service, specialty.
    const panel = cell('panel')?.toLowerCase() ?? null;
    if (panel !== null && !PANELS.some((p) => p === panel)) {
      issue('panel', `unknown panel "${cell('panel') ?? ''}"`, `one of ${PANELS.join(', ')}`);
      ok = false;
    }
    const serviceText = cell('service');
    const service = serviceText === null ? undefined : serviceByKey.get(serviceText.toLowerCase());
    if (serviceText !== null && !service) {
      issue(
        'service',
        `unknown service "${serviceText}"`,
        'a service slug or code of the catalogue, e.g. general-practitioner or GP',
      );
      ok = false;
    } else if (
      service &&
      panel !== null &&
      PANELS.some((p) => p === panel) &&
      !service.panels.includes(panel)
    ) {
      issue(
        'service',
        `the ${panel} panel does not list "${service.slug}"`,
        `a service the ${panel} panel lists`,
      );
      ok = false;
    }
    const specialtyText = cell('specialty');
    let specialtyId: number | null = null;
    if (specialtyText !== null) {
      const found = specialtyBySlug.get(specialtyText.toLowerCase());
      if (!found) {
        issue(
          'specialty',
          `unknown specialty "${specialtyText}"`,
          'a specialty slug of the catalogue, e.g. cardiology',
        );
        ok = false;
      } else if (service && !service.specialtyIds.includes(found.id)) {
        issue(
          'specialty',
          `"${specialtyText}" is not a specialty of "${service.slug}"`,
          `a specialty of ${service.slug}, or none`,
        );
        ok = false;
      } else {
        specialtyId = found.id;
      }
    } else if (service && service.specialtyIds.length > 0) {
      issue('specialty', 'missing', `a specialty of ${service.slug}`);
      ok = false;
    }

    // Phones.
    const phoneText = cell('doctor_phones');
    const { phones, bad } = parsePhones(phoneText ?? '');
    for (const part of bad) {
      issue(
        'doctor_phones',
        `"${part}" is not a Hong Kong phone number`,
        'Hong Kong numbers of 8 digits, several separated by "/" or <br>, a note in brackets, e.g. 25550381/25550382 (14/F)',
      );
      ok = false;
    }

    // Prices.
    const memberText = cell('member_price');
    const usualText = cell('usual_price');
    const member = memberText === null ? null : price(memberText);
    const usual = usualText === null ? null : price(usualText);
    if (memberText !== null && member === null) {
      issue(
        'member_price',
        `"${memberText}" is not a price`,
        'an amount in HK$, e.g. 180 or 180.50',
      );
      ok = false;
    }
    if (usualText !== null && usual === null) {
      issue('usual_price', `"${usualText}" is not a price`, 'an amount in HK$, e.g. 250');
      ok = false;
    }
    if (memberText === null && usual !== null) {
      issue(
        'member_price',
        'missing while the usual price is given',
        'the member price beside the usual price',
      );
      ok = false;
    }
    if (member !== null && usual !== null && member > usual) {
      issue(
        'member_price',
        `${String(member)} is more than the usual price ${String(usual)}`,
        'a member price at most the usual price',
      );
      ok = false;
    }

    const servicePointId = cell('service_point_id');
    if (servicePointId !== null) {
      const seen = servicePoints.get(servicePointId);
      if (seen) {
        issue(
          'service_point_id',
          `duplicate service point id "${servicePointId}", already on ${seen.where}`,
          'each service point id once',
        );
        ok = false;
      }
    }
    const doctorId = cell('doctor_id');
    const doctor: DoctorRecord | null =
      doctorId === null
        ? null
        : {
            externalId: doctorId,
            nameEn: cell('doctor_name_en') ?? '',
            nameZh: cell('doctor_name_zh') ?? '',
            phones,
          };

    // One doctor or venue on several rows: the rows must agree.
    if (doctor) {
      const seen = doctors.get(doctor.externalId);
      const changed = seen ? differences(seen.record, doctor) : [];
      if (seen && changed.length > 0) {
        issue(
          'doctor_id',
          `doctor "${doctor.externalId}" has other ${changed.join(', ')} than on ${seen.where}`,
          'the same doctor details on every row of the doctor',
        );
        ok = false;
      }
    }
    if (venue) {
      const seen = venues.get(venue.externalId);
      const changed = seen ? differences(seen.record, venue) : [];
      if (seen && changed.length > 0) {
        issue(
          'venue_id',
          `venue "${venue.externalId}" has other ${changed.join(', ')} than on ${seen.where}`,
          'the same venue details on every row of the venue',
        );
        ok = false;
      }
    }
    let priceRecord: PriceRecord | null = null;
    if (doctor && service && member !== null) {
      priceRecord = {
        doctorExternalId: doctor.externalId,
        serviceCode: service.code,
        amount: member,
        markedPrice: usual,
      };
      const seen = prices.get(`${doctor.externalId}\u0000${service.code}`);
      if (seen && differences(seen.record, priceRecord).length > 0) {
        issue(
          'member_price',
          `doctor "${doctor.externalId}" has another price for ${service.code} on ${seen.where}`,
          'one price per doctor and service',
        );
        ok = false;
      }
    }

    if (!ok || !doctor || !venue || !service || panel === null || servicePointId === null) {
      return null;
    }
    if (!doctors.has(doctor.externalId))
      doctors.set(doctor.externalId, { record: doctor, where: row.where });
    if (!venues.has(venue.externalId))
      venues.set(venue.externalId, { record: venue, where: row.where });
    if (priceRecord) {
      prices.set(`${doctor.externalId}\u0000${service.code}`, {
        record: priceRecord,
        where: row.where,
      });
    }
    servicePoints.set(servicePointId, {
      record: {
        externalId: servicePointId,
        panel,
        doctorExternalId: doctor.externalId,
        venueExternalId: venue.externalId,
        serviceId: service.id,
        specialtyId,
      },
      where: row.where,
    });
    return {
      where: row.where,
      key: rowKey(row),
      doctor: doctor.externalId,
      venue: venue.externalId,
      servicePoint: servicePointId,
      price: priceRecord ? `${doctor.externalId} / ${service.code}` : null,
    };
  };

  // Keys are unique in a file: a rejected row repeating another row's id is kept under its place.
  const keys = new Set<string>();
  for (const row of table.rows) {
    const before = errors.length;
    const read = readRow(row);
    if (read && errors.length === before) {
      accepted.push(read);
      keys.add(read.key);
      continue;
    }
    if (errors.length === before) {
      errors.push({ where: row.where, column: 'row', problem: 'not read', expected: 'a full row' });
    }
    const key = rowKey(row);
    rejected.push({
      row,
      key: keys.has(key) ? `${key} (${row.where})` : key,
      issues: errors.slice(before),
    });
    keys.add(key);
  }

  const values = <T>(map: Map<string, { record: T }>) => [...map.values()].map((e) => e.record);
  return {
    records: {
      doctors: values(doctors),
      venues: values(venues),
      servicePoints: values(servicePoints),
      prices: values(prices),
    },
    accepted,
    rejected,
    errors,
    warnings,
  };
}
