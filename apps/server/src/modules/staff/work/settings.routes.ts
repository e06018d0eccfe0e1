// Run-time settings (`admin`): the environment_setting rows the app reads while it runs — the
// service modes, the customer-service phone and the body-check booking line — each change
// audited with its value before and after.
import { opsContract } from '@clinicpass/shared/contracts/ops';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import { OPS_SETTING_KEYS } from '@clinicpass/shared/platform/ops';
import { eq, inArray } from 'drizzle-orm';
import { environmentSetting } from '../../../db/stakeholder-schema';
import type { WorkKit } from './work-kit';

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
}
