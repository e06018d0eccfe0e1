// SQL of the platform's reference lists: occupations, incorporation types, stakeholder roles,
// environment settings, nationalities and banks.
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { bodyCheckCentre } from '../../db/schema';
import {
  bank,
  environmentSetting,
  incorporationType,
  nationality,
  occupation,
  stakeholderRole,
} from '../../db/stakeholder-schema';
import type { Database } from '../../db/client';

export type BankOrderField = 'sequence' | 'code' | 'name_en';
export interface BankFilters {
  isActive: boolean | undefined;
  /** Fields in order, `-` in front for descending. */
  ordering: string[];
}

const BANK_COLUMNS = { sequence: bank.sequence, code: bank.code, name_en: bank.nameEn } as const;

export async function listOccupations(db: Database) {
  return db.select().from(occupation).orderBy(asc(occupation.sequence), asc(occupation.id));
}

export async function listIncorporationTypes(db: Database) {
  return db.select().from(incorporationType).orderBy(asc(incorporationType.sequence));
}

export async function listStakeholderRoles(db: Database) {
  return db.select().from(stakeholderRole).orderBy(asc(stakeholderRole.sequence));
}

export async function listEnvironmentSettings(db: Database) {
  return db.select().from(environmentSetting).orderBy(asc(environmentSetting.key));
}

/** The settings of the given keys that are active, with their effective value. */
export async function activeSettings(
  db: Database,
  keys: readonly string[],
): Promise<{ key: string; value: string | null }[]> {
  const rows = await db
    .select({
      key: environmentSetting.key,
      value: environmentSetting.value,
      default: environmentSetting.default,
    })
    .from(environmentSetting)
    .where(and(inArray(environmentSetting.key, [...keys]), eq(environmentSetting.isActive, true)));
  return rows.map((row) => ({ key: row.key, value: row.value ?? row.default }));
}

export async function listNationalities(db: Database) {
  return db.select().from(nationality).orderBy(asc(nationality.ordering), asc(nationality.code));
}

export async function listBanks(
  db: Database,
  filters: BankFilters,
  window: { offset: number; limit: number },
) {
  const where: SQL | undefined =
    filters.isActive === undefined ? undefined : eq(bank.isActive, filters.isActive);
  const order: SQL[] = filters.ordering.map((field) => {
    const name = field.replace(/^-/, '') as BankOrderField;
    return field.startsWith('-') ? desc(BANK_COLUMNS[name]) : asc(BANK_COLUMNS[name]);
  });
  const rows = await db
    .select()
    .from(bank)
    .where(where)
    .orderBy(...order, asc(bank.id))
    .offset(window.offset)
    .limit(window.limit);
  const [total] = await db.select({ n: count() }).from(bank).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The active body-check centres in their order. */
export async function listBodyCheckCentres(db: Database) {
  return db
    .select()
    .from(bodyCheckCentre)
    .where(eq(bodyCheckCentre.isActive, true))
    .orderBy(asc(bodyCheckCentre.sequence), asc(bodyCheckCentre.id));
}

export type BodyCheckCentreRow = typeof bodyCheckCentre.$inferSelect;
export type BodyCheckCentreFields = Omit<
  typeof bodyCheckCentre.$inferInsert,
  'id' | 'code' | 'createDate' | 'updateDate'
>;

/** Every body-check centre, withdrawn ones too, in their order (the back office's list). */
export async function allBodyCheckCentres(db: Database): Promise<BodyCheckCentreRow[]> {
  return db
    .select()
    .from(bodyCheckCentre)
    .orderBy(asc(bodyCheckCentre.sequence), asc(bodyCheckCentre.id));
}

/** The centre of `code`, locked for a change in the caller's transaction. */
export async function lockBodyCheckCentre(
  db: Database,
  code: string,
): Promise<BodyCheckCentreRow | null> {
  const [row] = await db
    .select()
    .from(bodyCheckCentre)
    .where(eq(bodyCheckCentre.code, code))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The sequence after the last centre's (a new centre goes last unless told otherwise). */
export async function nextBodyCheckSequence(db: Database): Promise<number> {
  const [row] = await db
    .select({ sequence: bodyCheckCentre.sequence })
    .from(bodyCheckCentre)
    .orderBy(desc(bodyCheckCentre.sequence))
    .limit(1);
  return (row?.sequence ?? 0) + 1;
}

/** Null when a centre of that code exists already. */
export async function insertBodyCheckCentre(
  db: Database,
  values: BodyCheckCentreFields & { code: string; createDate: Date; updateDate: Date },
): Promise<BodyCheckCentreRow | null> {
  const [row] = await db
    .insert(bodyCheckCentre)
    .values(values)
    .onConflictDoNothing({ target: bodyCheckCentre.code })
    .returning();
  return row ?? null;
}

export async function updateBodyCheckCentre(
  db: Database,
  code: string,
  change: Partial<BodyCheckCentreFields> & { updateDate: Date },
): Promise<BodyCheckCentreRow | null> {
  const [row] = await db
    .update(bodyCheckCentre)
    .set(change)
    .where(eq(bodyCheckCentre.code, code))
    .returning();
  return row ?? null;
}
