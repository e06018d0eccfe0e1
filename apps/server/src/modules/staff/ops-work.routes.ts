// The back office's work routes (issue 39, decision 297): service requests and member support
// (`service`), announcements (`content`), claim cases (`claims`), the directory's reports, stale
// list, clinic users and keys (`network`), and the run-time settings (`admin`). Each calls the
// same service functions as the operator commands, and records who did what in the audit log —
// every change, and every read of personal data.
import { opsContract } from '@clinicpass/shared/contracts/ops';
import type { RouteContract } from '@clinicpass/shared/contracts/route';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import type { ServiceRequestStatus } from '@clinicpass/shared/platform/enums';
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { environmentSetting } from '../../db/stakeholder-schema';
import type { route } from '../../lib/contract-route';
import { hkidLookupHash } from '../../lib/hkid-hash';
import * as announcements from '../announcement/announcement.service';
import * as claims from '../claims/claims.service';
import type { ClaimMessenger } from '../claims';
import * as clinicKeys from '../clinic/clinic-key.service';
import * as clinicUsers from '../clinic/clinic-user.service';
import * as directory from '../directory/directory.service';
import { revokeMemberTokens } from '../outpatient/outpatient.service';
import * as visits from '../outpatient/visit.service';
import * as serviceRequests from '../service-request/service-request.service';
import { type AuditRecord, recordAudit } from './audit';
import * as repo from './ops.repository';
import { actorOf, type StaffCaller } from './staff.service';
import { OPS_SETTING_KEYS } from '@clinicpass/shared/platform/ops';
import { ANNOUNCEMENT_TAGS, MESSAGE_TYPES } from '@clinicpass/shared/schemas/outpatient';

type StaffRoute = <const C extends RouteContract>(
  contract: C,
  handler: Parameters<typeof route<C>>[2],
) => void;

const PENDING: readonly ServiceRequestStatus[] = ['open', 'offered'];
export const CLAIM_PAGE_SIZE = 50;

type AnnouncementRow = announcements.AnnouncementRow;

function announcementOf(row: AnnouncementRow) {
  return {
    id: row.id,
    content_en: row.contentEn,
    content_zh: row.contentZh,
    is_dismissable: row.isDismissable,
    message_type: MESSAGE_TYPES.find((type) => type === row.messageType) ?? 'info',
    tags: ANNOUNCEMENT_TAGS.filter((tag) => row.tags.includes(tag)),
    published: row.isActive,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    update_date: row.updateDate.toISOString(),
  };
}

/** What the audit log keeps of an announcement (no personal data). */
const announcementFields = (row: AnnouncementRow) => {
  const { update_date: _updated, ...fields } = announcementOf(row);
  return fields;
};

function claimSummaryOf(row: repo.ClaimSummaryRow) {
  return {
    id: row.id,
    claim_number: row.claimNumber,
    type: row.type,
    status: row.status,
    policy_number: row.policyNumber,
    member_code: row.memberCode,
    service_date: row.serviceDate,
    amount_claimed: row.amountClaimed,
    amount_approved: row.amountApproved,
    amount_paid: row.amountPaid,
    assignee_staff_id: row.assigneeStaffId,
    submit_date: row.submitDate?.toISOString() ?? null,
    create_date: row.createDate.toISOString(),
  };
}

export function opsWorkRoutes(
  app: FastifyInstance,
  staffRoute: StaffRoute,
  rebuildReadModel: (db: FastifyInstance['db']) => Promise<number>,
): void {
  const db = app.db;
  const messenger: ClaimMessenger = { sender: app.delivery, publicUrl: app.config.publicUrl };
  const caller = (request: { staff: StaffCaller | null }) => request.staff as StaffCaller;
  /** One audit row for the request's staff member. */
  const audit = (
    request: { staff: StaffCaller | null; id: string; now: { instant: Date } },
    record: Omit<AuditRecord, 'at' | 'requestId'>,
    executor = db,
  ) =>
    recordAudit(executor, actorOf(caller(request)), {
      ...record,
      requestId: request.id,
      at: request.now.instant,
    });

  // ---------------------------------------------------------------- service

  staffRoute(opsContract.listServiceRequests, async (request) => {
    const status = request.query.status;
    const statuses: readonly ServiceRequestStatus[] = status === 'pending' ? PENDING : [status];
    return { items: await serviceRequests.listRequestsForStaff(db, statuses) };
  });

  staffRoute(opsContract.moveServiceRequest, async (request) => {
    const { id, action } = request.params;
    return db.transaction(async (tx) => {
      const before = await serviceRequests.findRequestForStaff(tx, id);
      const moved = await serviceRequests.operatorMove(
        tx,
        request.now,
        id,
        action,
        request.body.note,
      );
      await audit(
        request,
        {
          action: `service-request.${action}`,
          targetKind: 'service-request',
          targetId: String(id),
          before: { status: before?.status ?? null, policy: moved.policy },
          after: { status: moved.status, policy: moved.policy, note: request.body.note },
        },
        tx,
      );
      return moved;
    });
  });

  staffRoute(opsContract.lookUpMember, async (request) => {
    const { membership_number: membershipNumber, policy_number: policyNumber, hkid } = request.body;
    if (membershipNumber === undefined && policyNumber === undefined) {
      // An HKID search is audited even when refused (the HKID masked in the log).
      if (hkid !== undefined) {
        await audit(request, {
          action: 'member.lookup-refused',
          targetKind: 'member',
          after: { hkid },
        });
      }
      throw new AppError(hkid === undefined ? 'validation_error' : 'hkid_lookup_refused', {
        ...(hkid === undefined
          ? {
              message: 'Give a membership number or a policy number',
              details: {
                issues: [
                  { path: 'body.membership_number', message: 'is required', key: 'required' },
                ],
              },
            }
          : {}),
      });
    }
    let found = await repo.findMembers(db, { membershipNumber, policyNumber });
    if (hkid !== undefined) {
      const hash = hkidLookupHash(app.config.secretKey, hkid);
      found = found.filter((row) => row.hkidHash === hash);
    }
    // The look-up itself is a read of personal data, found or not (the HKID masked).
    await audit(request, {
      action: 'member.lookup',
      targetKind: 'member',
      targetId: found.map((row) => row.memberCode).join(','),
      after: {
        membership_number: membershipNumber ?? null,
        policy_number: policyNumber ?? null,
        ...(hkid === undefined ? {} : { hkid }),
        found: found.length,
      },
    });
    if (found.length === 0) {
      throw new AppError('not_found', { message: 'No member with that number' });
    }
    const memberIds = found.map((row) => row.id);
    const policyIds = [...new Set(found.map((row) => row.policyId))];
    const tickets = await repo.listTickets(db, memberIds);
    const visitRows = [];
    for (const row of found) {
      visitRows.push(
        ...(await visits.listVisitsForOperator(db, { memberCode: row.memberCode, limit: 50 })),
      );
    }
    const claimRows = await repo.listClaimsOfPolicies(db, policyIds);
    return {
      members: found.map((row) => ({
        id: row.id,
        member_code: row.memberCode,
        membership_number: row.membershipNumber,
        policy_number: row.policyNumber,
        policy_status: row.policyStatus,
        name_en: row.nameEn,
        name_zh: row.nameZh,
        hkid_masked: row.hkidMasked,
        relationship: row.relationship,
      })),
      tickets: tickets.map((row) => ({
        id: row.id,
        member_code: row.memberCode,
        type: row.type,
        effective_date: row.effectiveDate,
        expiry_date: row.expiryDate,
        revoked: row.revokedAt !== null,
      })),
      visits: visitRows.map((v) => ({
        id: v.id,
        visit_date: v.visit_date,
        kind: v.kind,
        status: v.status,
        membership_number: v.membership_number,
        venue: v.venue,
        amount_charged: v.amount_charged,
      })),
      claims: claimRows.map(claimSummaryOf),
    };
  });

  staffRoute(opsContract.revokeMemberTickets, async (request) => {
    const code = request.params.code;
    const revoked = await revokeMemberTokens(
      { db, clock: { now: () => request.now.instant } },
      code,
    );
    await audit(request, {
      action: 'member.revoke-tickets',
      targetKind: 'member',
      targetId: code,
      after: { revoked, note: request.body.note },
    });
    return { revoked };
  });

  staffRoute(opsContract.correctVisit, async (request) => {
    const { status, amount, note } = request.body;
    const id = request.params.id;
    return db.transaction(async (tx) => {
      const before = await visits.findVisitForOperator(tx, id);
      const visit = await visits.correctVisit(
        tx,
        id,
        {
          ...(status === undefined ? {} : { status }),
          ...(amount === undefined ? {} : { amount }),
          note,
        },
        request.now.instant,
      );
      await audit(
        request,
        {
          action: 'visit.correct',
          targetKind: 'visit',
          targetId: String(id),
          before:
            before === null
              ? null
              : { status: before.status, amount_charged: before.amount_charged },
          after: { status: visit.status, amount_charged: visit.amount_charged, note },
        },
        tx,
      );
      return {
        id: visit.id,
        visit_date: visit.visit_date,
        kind: visit.kind,
        status: visit.status,
        membership_number: visit.membership_number,
        venue: visit.venue,
        amount_charged: visit.amount_charged,
      };
    });
  });

  // ---------------------------------------------------------------- content

  staffRoute(opsContract.listAnnouncements, async () => ({
    items: (await announcements.listAllAnnouncements(db)).map(announcementOf),
  }));

  staffRoute(opsContract.createAnnouncement, async (request) => {
    const body = request.body;
    const row = await announcements.createAnnouncement(db, {
      contentEn: body.content_en,
      contentZh: body.content_zh,
      tags: body.tags,
      messageType: body.message_type,
      isDismissable: body.is_dismissable,
      startsAt: body.starts_at === null ? null : new Date(body.starts_at),
      endsAt: body.ends_at === null ? null : new Date(body.ends_at),
      published: false,
    });
    await audit(request, {
      action: 'announcement.create',
      targetKind: 'announcement',
      targetId: String(row.id),
      after: announcementFields(row),
    });
    return announcementOf(row);
  });

  staffRoute(opsContract.updateAnnouncement, async (request) => {
    const body = request.body;
    const id = request.params.id;
    const before = await announcements.getAnnouncementRow(db, id);
    const date = (value: string | null | undefined) =>
      value === undefined ? undefined : value === null ? null : new Date(value);
    const row = await announcements.editAnnouncement(db, id, {
      ...(body.content_en === undefined ? {} : { contentEn: body.content_en }),
      ...(body.content_zh === undefined ? {} : { contentZh: body.content_zh }),
      ...(body.tags === undefined ? {} : { tags: body.tags }),
      ...(body.message_type === undefined ? {} : { messageType: body.message_type }),
      ...(body.is_dismissable === undefined ? {} : { isDismissable: body.is_dismissable }),
      ...(body.starts_at === undefined ? {} : { startsAt: date(body.starts_at) ?? null }),
      ...(body.ends_at === undefined ? {} : { endsAt: date(body.ends_at) ?? null }),
    });
    await audit(request, {
      action: 'announcement.update',
      targetKind: 'announcement',
      targetId: String(id),
      before: announcementFields(before),
      after: announcementFields(row),
    });
    return announcementOf(row);
  });

  for (const [contract, published] of [
    [opsContract.publishAnnouncement, true],
    [opsContract.withdrawAnnouncement, false],
  ] as const) {
    staffRoute(contract, async (request) => {
      const id = request.params.id;
      const before = await announcements.getAnnouncementRow(db, id);
      const row = await announcements.setAnnouncementPublished(db, id, published);
      await audit(request, {
        action: published ? 'announcement.publish' : 'announcement.withdraw',
        targetKind: 'announcement',
        targetId: String(id),
        before: { published: before.isActive },
        after: { published: row.isActive },
      });
      return announcementOf(row);
    });
  }

  // ---------------------------------------------------------------- claims

  staffRoute(opsContract.listClaims, async (request) => {
    const { page, status, type, min_age_days: minAge, assignee } = request.query;
    const { rows, total } = await repo.claimQueue(
      db,
      {
        status,
        type,
        createdBefore:
          minAge === undefined
            ? undefined
            : new Date(request.now.instant.getTime() - minAge * 86_400_000),
        assignee:
          assignee === undefined
            ? undefined
            : assignee === 'none'
              ? null
              : assignee === 'me'
                ? caller(request).id
                : assignee,
      },
      { offset: (page - 1) * CLAIM_PAGE_SIZE, limit: CLAIM_PAGE_SIZE },
    );
    return { items: rows.map(claimSummaryOf), total, page, page_size: CLAIM_PAGE_SIZE };
  });

  staffRoute(opsContract.getClaim, async (request) => {
    const id = request.params.id;
    const answer = await claims.claimAnswer(db, id);
    await audit(request, { action: 'claim.read', targetKind: 'claim', targetId: String(id) });
    return answer;
  });

  staffRoute(opsContract.actOnClaim, async (request) => {
    const { id, action } = request.params;
    const staff = caller(request);
    const body = request.body;
    return db.transaction(async (tx) => {
      const before = await claims.claimAnswer(tx, id).catch(() => null);
      const after = await claims.insurerAction(
        tx,
        { kind: 'insurer', staffId: staff.id, role: 'claims' },
        request.now,
        id,
        action,
        {
          note: body.note,
          amount: body.amount,
          assigneeStaffId: body.assignee_staff_id,
        },
        messenger,
      );
      const shown = (claim: typeof after) => ({
        status: claim.status,
        amount_approved: claim.amount_approved,
        amount_paid: claim.amount_paid,
      });
      await audit(
        request,
        {
          action: `claim.${action}`,
          targetKind: 'claim',
          targetId: String(id),
          before: before === null ? null : shown(before),
          after: {
            ...shown(after),
            ...(body.note === undefined ? {} : { note: body.note }),
            ...(body.assignee_staff_id === undefined ? {} : { assignee: body.assignee_staff_id }),
          },
        },
        tx,
      );
      return after;
    });
  });

  // ---------------------------------------------------------------- network

  staffRoute(opsContract.listReports, async (request) => {
    const status = request.query.status;
    const rows = await directory.listReports(db, status === 'all' ? undefined : status);
    return {
      items: rows.map((row) => ({
        id: row.id,
        service_point_id: row.servicePointId,
        kind: row.kind,
        note: row.note,
        status: row.status,
        created_at: row.createdAt.toISOString(),
        closed_at: row.closedAt?.toISOString() ?? null,
      })),
    };
  });

  staffRoute(opsContract.closeReport, async (request) => {
    const { id, action } = request.params;
    const status = action === 'resolve' ? 'resolved' : 'rejected';
    const ids = await directory.closeReports(db, { id }, status, request.now.instant);
    await audit(request, {
      action: `report.${action}`,
      targetKind: 'report',
      targetId: String(id),
      before: { status: 'open' },
      after: { status, note: request.body.note },
    });
    return { ids };
  });

  staffRoute(opsContract.listStale, async (request) => {
    const days = request.query.days ?? app.config.directory.staleDays;
    const rows = await directory.staleServicePoints(db, request.now.instant, days);
    return {
      days,
      items: rows.map((row) => ({
        ...row,
        last_verified_at: row.last_verified_at?.toISOString() ?? null,
      })),
    };
  });

  staffRoute(opsContract.confirmServicePoints, async (request) => {
    const body = request.body;
    const ids = await directory.confirmServicePoints(
      db,
      'venue_id' in body ? { venueId: body.venue_id } : { ids: body.service_point_ids },
      request.now.instant,
    );
    await rebuildReadModel(db);
    await audit(request, {
      action: 'service-point.confirm',
      targetKind: 'venue_id' in body ? 'venue' : 'service-point',
      targetId: 'venue_id' in body ? String(body.venue_id) : ids.join(','),
      after: { verified: ids },
    });
    return { ids };
  });

  staffRoute(opsContract.listClinicUsers, async () => ({
    items: (await clinicUsers.listClinicUsers(db)).map((row) => ({
      email: row.email,
      venue_id: row.venueId,
      venue_name_en: row.venueNameEn,
    })),
  }));

  staffRoute(opsContract.addClinicUser, async (request) => {
    const body = request.body;
    const added = await clinicUsers.addClinicUser(db, {
      email: body.email,
      ...(body.phone === undefined ? {} : { phone: body.phone }),
      venueIds: body.venue_ids,
    });
    await audit(request, {
      action: 'clinic-user.add',
      targetKind: 'clinic-user',
      targetId: added.userId,
      after: {
        email: added.email,
        venue_ids: added.venueIds,
        created: added.created,
        ...(body.phone === undefined ? {} : { phone: body.phone }),
      },
    });
    return {
      email: added.email,
      venue_ids: added.venueIds,
      created: added.created,
      password: added.generatedPassword,
    };
  });

  staffRoute(opsContract.removeClinicUser, async (request) => {
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

  staffRoute(opsContract.listClinicKeys, async () => ({
    items: (await clinicKeys.listClinicKeys({ db })).map(keyOf),
  }));

  staffRoute(opsContract.issueClinicKey, async (request) => {
    const issued = await clinicKeys.issueClinicKey(
      { db },
      request.body.venue_id,
      request.body.label,
    );
    await audit(request, {
      action: 'clinic-key.issue',
      targetKind: 'clinic-key',
      targetId: String(issued.id),
      after: { venue_id: issued.venueId, label: issued.label, key_prefix: issued.keyPrefix },
    });
    return { ...keyOf(issued), key: issued.key };
  });

  staffRoute(opsContract.revokeClinicKey, async (request) => {
    const id = request.params.id;
    await clinicKeys.revokeClinicKey({ db, clock: { now: () => request.now.instant } }, id);
    const row = (await clinicKeys.listClinicKeys({ db })).find((key) => key.id === id);
    if (row === undefined) throw new AppError('not_found', { message: `No clinic key ${id}` });
    await audit(request, {
      action: 'clinic-key.revoke',
      targetKind: 'clinic-key',
      targetId: String(id),
      after: { revoked_at: row.revokedAt?.toISOString() ?? null, note: request.body.note ?? null },
    });
    return keyOf(row);
  });

  // ---------------------------------------------------------------- admin

  const settingOf = (row: typeof environmentSetting.$inferSelect) => ({
    key: row.key as (typeof OPS_SETTING_KEYS)[number],
    value: row.value,
    default: row.default,
    type: row.type,
  });

  staffRoute(opsContract.listSettings, async () => ({
    items: (
      await db
        .select()
        .from(environmentSetting)
        .where(inArray(environmentSetting.key, [...OPS_SETTING_KEYS]))
    ).map(settingOf),
  }));

  staffRoute(opsContract.updateSetting, async (request) => {
    const key = request.params.key;
    const value = request.body.value === '' ? null : request.body.value;
    const [before] = await db
      .select()
      .from(environmentSetting)
      .where(eq(environmentSetting.key, key))
      .limit(1);
    if (before === undefined) throw new AppError('not_found', { message: `No setting ${key}` });
    if (before.type === 'boolean' && value !== null && value !== 'true' && value !== 'false') {
      throw validationError(
        [{ path: 'body.value', message: 'must be true or false', key: 'invalid' }],
        {
          message: `${key} is true or false`,
        },
      );
    }
    const [row] = await db
      .update(environmentSetting)
      .set({ value, updateDate: request.now.instant })
      .where(eq(environmentSetting.key, key))
      .returning();
    if (row === undefined) throw new AppError('not_found', { message: `No setting ${key}` });
    await audit(request, {
      action: 'setting.update',
      targetKind: 'setting',
      targetId: key,
      before: { value: before.value },
      after: { value: row.value },
    });
    return settingOf(row);
  });
}
