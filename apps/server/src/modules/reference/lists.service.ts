// The platform's reference lists in the caller's language (spec platform-layer §3, §7
// "Reference data and others"), and the service mode the environment settings switch on.
import type { Language } from '@clinicpass/shared/i18n/languages';
import type {
  Bank,
  CodedDescription,
  EnvironmentSetting,
  Nationality,
  Occupation,
} from '@clinicpass/shared/platform/entities/reference';
import type { Db } from '../platform-common/db';
import * as repo from './lists.repository';
import { localName } from './reference.service';

export async function listOccupations(db: Db, language: Language): Promise<Occupation[]> {
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
  db: Db,
  language: Language,
): Promise<CodedDescription[]> {
  return coded(language, await repo.listIncorporationTypes(db));
}

export async function listStakeholderRoles(
  db: Db,
  language: Language,
): Promise<CodedDescription[]> {
  return coded(language, await repo.listStakeholderRoles(db));
}

export async function listEnvironmentSettings(db: Db): Promise<EnvironmentSetting[]> {
  return (await repo.listEnvironmentSettings(db)).map((row) => ({
    key: row.key,
    value: row.value,
    default: row.default,
    type: row.type as EnvironmentSetting['type'],
    is_active: row.isActive,
  }));
}

export async function listNationalities(db: Db, language: Language): Promise<Nationality[]> {
  return (await repo.listNationalities(db)).map((row) => ({
    code: row.code,
    description: localName(language, row.descriptionEn, row.descriptionZh),
    ordering: row.ordering,
  }));
}

export async function listBanks(
  db: Db,
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
 * The mode the environment settings ask for: a mode's setting is on when it is active and its
 * value (its default when the value is empty) is `true`. Maintenance wins over read-only.
 */
export async function settingsServiceMode(db: Db): Promise<ServiceMode> {
  const rows = await repo.activeSettings(db, Object.values(SERVICE_MODE_SETTING_KEYS));
  const on = new Set(
    rows.filter((row) => row.value?.trim().toLowerCase() === 'true').map((row) => row.key),
  );
  if (on.has(SERVICE_MODE_SETTING_KEYS.maintenance)) return 'maintenance';
  if (on.has(SERVICE_MODE_SETTING_KEYS.readOnly)) return 'read_only';
  return 'normal';
}
