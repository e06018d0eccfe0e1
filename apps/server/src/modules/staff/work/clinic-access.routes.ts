// Clinic users and keys (`network`): users bound to venues (a new account's first password
// shown once), keys issued (the key shown once, never stored) and revoked.
import { opsContract } from '@clinicpass/shared/contracts/ops';
import * as clinicKeys from '../../clinic/clinic-key.service';
import * as clinicUsers from '../../clinic/clinic-user.service';
import type { WorkKit } from './work-kit';

const keyOf = (row: {
  id: number;
  venueId: number;
  label: string;
  keyPrefix: string;
  revokedAt?: Date | null;
}) => ({
  id: row.id,
  venue_id: row.venueId,
  label: row.label,
  key_prefix: row.keyPrefix,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

export function clinicAccessRoutes({ db, route, audit, notFound }: WorkKit): void {
  route(opsContract.listClinicUsers, async () => ({
    items: (await clinicUsers.listClinicUsers(db)).map((row) => ({
      email: row.email,
      venue_id: row.venueId,
      venue_name_en: row.venueNameEn,
    })),
  }));

  route(opsContract.addClinicUser, async (request) => {
    const body = request.body;
    const phone = body.phone === undefined ? {} : { phone: body.phone };
    const added = await clinicUsers.addClinicUser(db, {
      email: body.email,
      ...phone,
      venueIds: body.venue_ids,
    });
    await audit(request, {
      action: 'clinic-user.add',
      targetKind: 'clinic-user',
      targetId: added.userId,
      // The phone is masked by the log.
      after: { email: added.email, venue_ids: added.venueIds, created: added.created, ...phone },
    });
    return {
      email: added.email,
      venue_ids: added.venueIds,
      created: added.created,
      password: added.generatedPassword,
    };
  });

  route(opsContract.removeClinicUser, async (request) => {
    const { email, venue_ids: venueIds } = request.body;
    const revoked = await clinicUsers.removeClinicUser(db, email, venueIds);
    await audit(request, {
      action: 'clinic-user.remove',
      targetKind: 'clinic-user',
      targetId: email.toLowerCase(),
      after: { venue_ids: venueIds ?? 'all', removed: revoked },
    });
    return { revoked };
  });

  route(opsContract.listClinicKeys, async () => ({
    items: (await clinicKeys.listClinicKeys({ db })).map(keyOf),
  }));

  route(opsContract.issueClinicKey, async (request) => {
    const { venue_id: venueId, label } = request.body;
    const issued = await clinicKeys.issueClinicKey({ db }, venueId, label);
    await audit(request, {
      action: 'clinic-key.issue',
      targetKind: 'clinic-key',
      targetId: String(issued.id),
      after: { venue_id: issued.venueId, label: issued.label, key_prefix: issued.keyPrefix },
    });
    return { ...keyOf(issued), key: issued.key };
  });

  route(opsContract.revokeClinicKey, async (request) => {
    const id = request.params.id;
    await clinicKeys.revokeClinicKey({ db, clock: { now: () => request.now.instant } }, id);
    const row = (await clinicKeys.listClinicKeys({ db })).find((key) => key.id === id);
    if (row === undefined) throw notFound(`No clinic key ${String(id)}`);
    await audit(request, {
      action: 'clinic-key.revoke',
      targetKind: 'clinic-key',
      targetId: String(id),
      after: { revoked_at: row.revokedAt?.toISOString() ?? null, note: request.body.note ?? null },
    });
    return keyOf(row);
  });
}
