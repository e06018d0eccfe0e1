// Run-time settings (`admin`): the environment_setting rows the app reads while it runs — the
// service modes (with a reason in both languages and an end, decision 302), the customer-service
// phone and the body-check booking line — each change audited with its value before and after.
import { opsContract } from '@clinicpass/shared/contracts/ops';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import { OPS_SETTING_KEYS } from '@clinicpass/shared/platform/ops';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { environmentSetting } from '../../../db/stakeholder-schema';
import {
  modeInForce,
  SERVICE_MODE_NOTE_KEYS,
  SERVICE_MODE_SETTING_KEYS,
  type ServiceModeState,
  settingsServiceMode,
} from '../../reference/lists.service';
import type { WorkKit } from './work-kit';

const MODE_KEYS: readonly string[] = Object.values(SERVICE_MODE_SETTING_KEYS);
const NOTE_KEYS: readonly string[] = Object.values(SERVICE_MODE_NOTE_KEYS);

/** Stores settings by key, making the rows a database older than them lacks. */
async function storeSettings(
  tx: Database,
  values: Record<string, { value: string | null; type: string }>,
  now: Date,
) {
  const rows = Object.entries(values).map(([key, { value, type }]) => ({
    key,
    value,
    default: null,
    type,
    isActive: true,
    updateDate: now,
  }));
  await tx
    .insert(environmentSetting)
    .values(rows)
    .onConflictDoUpdate({
      target: environmentSetting.key,
      set: { value: sql`excluded.value`, updateDate: sql`excluded.update_date` },
    });
}

/** The state as the audit log and the answer show it (no personal data in it). */
const stateFields = (state: ServiceModeState) => ({
  mode: state.mode,
  reason_en: state.reasonEn,
  reason_zh: state.reasonZh,
  ends_at: state.endsAt?.toISOString() ?? null,
});

const settingOf = (row: typeof environmentSetting.$inferSelect) => ({
  key: row.key as (typeof OPS_SETTING_KEYS)[number],
  value: row.value,
  default: row.default,
  type: row.type,
});

export function settingRoutes({ db, route, change, notFound }: WorkKit): void {
  route(opsContract.listSettings, async () => ({
    items: (
      await db
        .select()
        .from(environmentSetting)
        .where(inArray(environmentSetting.key, [...OPS_SETTING_KEYS]))
    ).map(settingOf),
  }));

  route(opsContract.updateSetting, async (request) => {
    const key = request.params.key;
    const value = request.body.value === '' ? null : request.body.value;
    const row = await change(request, {
      read: async (tx) => {
        const [before] = await tx
          .select()
          .from(environmentSetting)
          .where(eq(environmentSetting.key, key))
          .for('update')
          .limit(1);
        if (before === undefined) throw notFound(`No setting ${key}`);
        if (before.type === 'boolean' && value !== null && value !== 'true' && value !== 'false') {
          throw validationError(
            [{ path: 'body.value', message: 'must be true or false', key: 'invalid' }],
            { message: `${key} is true or false` },
          );
        }
        return before;
      },
      apply: async (tx) => {
        // A mode switched on its own has no reason or end: an older one must not end it.
        if (MODE_KEYS.includes(key)) {
          await tx
            .update(environmentSetting)
            .set({ value: null, updateDate: request.now.instant })
            .where(inArray(environmentSetting.key, [...NOTE_KEYS]));
        }
        const [updated] = await tx
          .update(environmentSetting)
          .set({ value, updateDate: request.now.instant })
          .where(eq(environmentSetting.key, key))
          .returning();
        if (updated === undefined) throw notFound(`No setting ${key}`);
        return updated;
      },
      record: (before, after) => ({
        action: 'setting.update',
        targetKind: 'setting',
        targetId: key,
        before: { value: before.value },
        after: { value: after.value },
      }),
    });
    return settingOf(row);
  });

  route(opsContract.getServiceMode, async (request) => {
    const state = await settingsServiceMode(db);
    return { ...stateFields(state), in_force: modeInForce(state, request.now.instant) };
  });

  route(opsContract.setServiceMode, async (request) => {
    const body = request.body;
    const now = request.now.instant;
    const endsAt =
      body.ends_at === undefined || body.ends_at === null ? null : new Date(body.ends_at);
    if (endsAt !== null && endsAt <= now) {
      throw validationError(
        [{ path: 'body.ends_at', message: 'must be in the future', key: 'invalid' }],
        { message: 'The end time must be in the future' },
      );
    }
    const on = (mode: string) => ({ value: String(body.mode === mode), type: 'boolean' });
    const note = (value: string | undefined) => ({
      value: body.mode === 'normal' ? null : (value ?? null),
      type: 'string',
    });
    const state = await change(request, {
      read: (tx) => settingsServiceMode(tx),
      apply: async (tx) => {
        await storeSettings(
          tx,
          {
            [SERVICE_MODE_SETTING_KEYS.readOnly]: on('read_only'),
            [SERVICE_MODE_SETTING_KEYS.maintenance]: on('maintenance'),
            [SERVICE_MODE_NOTE_KEYS.reasonEn]: note(body.reason_en),
            [SERVICE_MODE_NOTE_KEYS.reasonZh]: note(body.reason_zh),
            [SERVICE_MODE_NOTE_KEYS.endsAt]: note(endsAt?.toISOString()),
          },
          now,
        );
        return settingsServiceMode(tx);
      },
      record: (before, after) => ({
        action: 'service-mode.update',
        targetKind: 'setting',
        targetId: 'service-mode',
        before: stateFields(before),
        after: stateFields(after),
      }),
    });
    return { ...stateFields(state), in_force: modeInForce(state, now) };
  });
}
