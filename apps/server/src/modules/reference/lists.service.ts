// The platform's reference lists in the caller's language (spec platform-layer §3, §7
// "Reference data and others"), and the service mode the environment settings switch on.
import type { Language } from '@clinicpass/shared/i18n/languages';
import type {
  Bank,
  BodyCheckInfo,
  CodedDescription,
  EnvironmentSetting,
  Nationality,
  Occupation,
} from '@clinicpass/shared/platform/entities/reference';
import type { Database } from '../../db/client';
import * as repo from './lists.repository';
import { localName } from './reference.service';

export async function listOccupations(db: Database, language: Language): Promise<Occupation[]> {
  return (await repo.listOccupations(db)).map((row) => ({
    id: row.id,
    industry: localName(language, row.industryEn, row.industryZh),
    industry_en: row.industryEn,
    industry_zh: row.industryZh,
    role: localName(language, row.roleEn, row.roleZh),
    role_en: row.roleEn,
    role_zh: row.roleZh,
  }));
}

function coded(
  language: Language,
  rows: { code: string; descriptionEn: string; descriptionZh: string }[],
): CodedDescription[] {
  return rows.map((row) => ({
    code: row.code,
    description: localName(language, row.descriptionEn, row.descriptionZh),
    description_en: row.descriptionEn,
    description_zh: row.descriptionZh,
  }));
}

export async function listIncorporationTypes(
  db: Database,
  language: Language,
): Promise<CodedDescription[]> {
  return coded(language, await repo.listIncorporationTypes(db));
}

export async function listStakeholderRoles(
  db: Database,
  language: Language,
): Promise<CodedDescription[]> {
  return coded(language, await repo.listStakeholderRoles(db));
}

export async function listEnvironmentSettings(db: Database): Promise<EnvironmentSetting[]> {
  return (await repo.listEnvironmentSettings(db)).map((row) => ({
    key: row.key,
    value: row.value,
    default: row.default,
    type: row.type as EnvironmentSetting['type'],
    is_active: row.isActive,
  }));
}

export async function listNationalities(db: Database, language: Language): Promise<Nationality[]> {
  return (await repo.listNationalities(db)).map((row) => ({
    code: row.code,
    description: localName(language, row.descriptionEn, row.descriptionZh),
    ordering: row.ordering,
  }));
}

export async function listBanks(
  db: Database,
  filters: repo.BankFilters,
  window: { offset: number; limit: number },
): Promise<{ items: Bank[]; total: number }> {
  const { rows, total } = await repo.listBanks(db, filters, window);
  return {
    items: rows.map((row) => ({
      id: row.id,
      code: row.code,
      name_en: row.nameEn,
      name_zh: row.nameZh,
      sequence: row.sequence,
    })),
    total,
  };
}

/** Setting keys that switch the service modes on (decision 086). */
export const SERVICE_MODE_SETTING_KEYS = {
  readOnly: 'read_only_mode',
  maintenance: 'maintenance_mode',
} as const;

export type ServiceMode = 'normal' | 'read_only' | 'maintenance';

/**
 * Settings that say why a service mode is on and until when (decision 302): the reason in both
 * languages, and the end (an ISO instant) after which the mode is over by itself.
 */
export const SERVICE_MODE_NOTE_KEYS = {
  reasonEn: 'service_mode_reason_en',
  reasonZh: 'service_mode_reason_zh',
  endsAt: 'service_mode_ends_at',
} as const;

/** The mode the settings ask for, its reason and its end, as stored. */
export interface ServiceModeState {
  mode: ServiceMode;
  reasonEn: string | null;
  reasonZh: string | null;
  endsAt: Date | null;
}

/**
 * The mode in force at `now`: the stored one until its end, then `normal`. Every process
 * compares the stored end with its own clock, so all agree without a timer or a write.
 */
export function modeInForce(state: ServiceModeState, now: Date): ServiceMode {
  return state.endsAt !== null && now.getTime() >= state.endsAt.getTime() ? 'normal' : state.mode;
}

/**
 * Contact numbers an operator sets without a deploy (decision 133): the customer service line
 * (the "no valid delivery method" message and the help widget; `CUSTOMER_SERVICE_PHONE` is only
 * the fallback while the setting has no value) and the body-check booking line.
 */
export const CONTACT_SETTING_KEYS = {
  customerServicePhone: 'customer_service_phone',
  bodyCheckBookingPhone: 'body_check_booking_phone',
} as const;

/** An active setting's text (its value, else its default); null when inactive, unset or blank. */
export async function settingText(db: Database, key: string): Promise<string | null> {
  const [row] = await repo.activeSettings(db, [key]);
  const text = row?.value?.trim() ?? '';
  return text === '' ? null : text;
}

/** The customer service phone: the setting, else the configured fallback. */
export async function customerServicePhone(db: Database, fallback: string): Promise<string> {
  return (await settingText(db, CONTACT_SETTING_KEYS.customerServicePhone)) ?? fallback;
}

/**
 * The mode the environment settings ask for: a mode's setting is on when it is active and its
 * value (its default when the value is empty) is `true`. Maintenance wins over read-only. With
 * the reason and the end of decision 302 (`modeInForce` applies the end).
 */
export async function settingsServiceMode(db: Database): Promise<ServiceModeState> {
  const rows = await repo.activeSettings(db, [
    ...Object.values(SERVICE_MODE_SETTING_KEYS),
    ...Object.values(SERVICE_MODE_NOTE_KEYS),
  ]);
  const text = (key: string) => {
    const value = rows.find((row) => row.key === key)?.value?.trim() ?? '';
    return value === '' ? null : value;
  };
  const on = (key: string) => text(key)?.toLowerCase() === 'true';
  const mode: ServiceMode = on(SERVICE_MODE_SETTING_KEYS.maintenance)
    ? 'maintenance'
    : on(SERVICE_MODE_SETTING_KEYS.readOnly)
      ? 'read_only'
      : 'normal';
  const end = text(SERVICE_MODE_NOTE_KEYS.endsAt);
  const endsAt = end === null ? null : new Date(end);
  return {
    mode,
    reasonEn: text(SERVICE_MODE_NOTE_KEYS.reasonEn),
    reasonZh: text(SERVICE_MODE_NOTE_KEYS.reasonZh),
    // An end that is not an instant (set by hand in SQL) ends nothing.
    endsAt: endsAt === null || Number.isNaN(endsAt.getTime()) ? null : endsAt,
  };
}

/** The body-check centres and the booking line, as the operator configured them (decision 133). */
export async function bodyCheckInfo(db: Database, language: Language): Promise<BodyCheckInfo> {
  const rows = await repo.listBodyCheckCentres(db);
  return {
    booking_phone: await settingText(db, CONTACT_SETTING_KEYS.bodyCheckBookingPhone),
    centres: rows.map((row) => ({
      code: row.code,
      name: localName(language, row.nameEn, row.nameZh),
      name_en: row.nameEn,
      name_zh: row.nameZh,
      address: localName(language, row.addressEn, row.addressZh),
      address_en: row.addressEn,
      address_zh: row.addressZh,
      hours: localName(language, row.hoursEn, row.hoursZh),
      hours_en: row.hoursEn,
      hours_zh: row.hoursZh,
    })),
  };
}
