// The audit log (issue 39, decision 295): one row per staff read of personal data and per change
// made by staff or by an operator's command, with the person, their roles, the action, the
// target, its fields before and after (personal ones masked), the time and the request id. The
// table refuses UPDATE, DELETE and TRUNCATE for every role (migration 0014).
import type { AuditEntry } from '@clinicpass/shared/platform/staff';
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffAudit } from '../../db/staff-schema';

/** Who did it: a staff member in the back office, or an operator's command run `--as` a name. */
export type AuditActor =
  | { kind: 'staff'; id: string; email: string; roles: readonly string[] }
  | { kind: 'operator'; name: string };

export interface AuditRecord {
  action: string;
  targetKind?: string;
  targetId?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  requestId?: string | null;
  at: Date;
}

/** Fields whose values the log never holds in clear. */
const PERSONAL_FIELDS = new Set([
  'hkid',
  'id_number',
  'password',
  'password_hash',
  'passwordHash',
  'totp',
  'totp_sealed',
  'totpSealed',
  'phone',
  'phone_number',
  'phoneNumber',
  'date_of_birth',
  'dateOfBirth',
]);

/** A copy of `fields` with personal values masked (the last 2 characters kept) and secrets gone. */
export function maskPersonal(fields: Record<string, unknown>): Record<string, unknown> {
  const masked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (!PERSONAL_FIELDS.has(key) || value === null || value === undefined) {
      masked[key] = value;
    } else if (/password|totp/i.test(key)) {
      masked[key] = '[secret]';
    } else {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      masked[key] = `${'•'.repeat(Math.max(text.length - 2, 2))}${text.slice(-2)}`;
    }
  }
  return masked;
}

export async function recordAudit(
  db: Database,
  actor: AuditActor,
  record: AuditRecord,
): Promise<void> {
  await db.insert(staffAudit).values({
    at: record.at,
    actorKind: actor.kind,
    actorId: actor.kind === 'staff' ? actor.id : null,
    actor: actor.kind === 'staff' ? actor.email : actor.name,
    roles: actor.kind === 'staff' ? [...actor.roles] : [],
    action: record.action,
    targetKind: record.targetKind ?? null,
    targetId: record.targetId ?? null,
    before:
      record.before === undefined || record.before === null ? null : maskPersonal(record.before),
    after: record.after === undefined || record.after === null ? null : maskPersonal(record.after),
    requestId: record.requestId ?? null,
  });
}

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  target_kind?: string | undefined;
  target_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const AUDIT_PAGE_SIZE = 50;
/** Rows one CSV export holds at most (the newest); narrow the filters for older ones. */
export const AUDIT_EXPORT_MAX = 50_000;

function where(filter: AuditFilter): SQL | undefined {
  const t = staffAudit;
  return and(
    filter.actor === undefined ? undefined : eq(t.actor, filter.actor.toLowerCase()),
    filter.action === undefined ? undefined : eq(t.action, filter.action),
    filter.target_kind === undefined ? undefined : eq(t.targetKind, filter.target_kind),
    filter.target_id === undefined ? undefined : eq(t.targetId, filter.target_id),
    filter.from === undefined ? undefined : gte(t.at, new Date(filter.from)),
    filter.to === undefined ? undefined : lte(t.at, new Date(filter.to)),
  );
}

function entryOf(row: typeof staffAudit.$inferSelect): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_kind: row.actorKind === 'operator' ? 'operator' : 'staff',
    actor: row.actor,
    roles: row.roles,
    action: row.action,
    target_kind: row.targetKind,
    target_id: row.targetId,
    before: row.before,
    after: row.after,
    request_id: row.requestId,
  };
}

export async function listAudit(db: Database, filter: AuditFilter, page: number) {
  const condition = where(filter);
  const rows = await db
    .select()
    .from(staffAudit)
    .where(condition)
    .orderBy(desc(staffAudit.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(staffAudit).where(condition);
  return {
    items: rows.map(entryOf),
    total: total?.n ?? 0,
    page,
    page_size: AUDIT_PAGE_SIZE,
  };
}

const CSV_COLUMNS = [
  'id',
  'at',
  'actor_kind',
  'actor',
  'roles',
  'action',
  'target_kind',
  'target_id',
  'before',
  'after',
  'request_id',
] as const;

/** One CSV field: quoted when needed; a leading = + - @ is defused for spreadsheets. */
function csvField(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : Array.isArray(value)
          ? value.join(' ')
          : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export async function auditCsv(db: Database, filter: AuditFilter): Promise<string> {
  const rows = await db
    .select()
    .from(staffAudit)
    .where(where(filter))
    .orderBy(desc(staffAudit.id))
    .limit(AUDIT_EXPORT_MAX);
  const lines = [CSV_COLUMNS.join(',')];
  for (const entry of rows.map(entryOf)) {
    lines.push(CSV_COLUMNS.map((column) => csvField(entry[column])).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
