// Members and visits (`service`): the support look-up by membership or policy number (never by
// HKID alone; every look-up audited as a read, the HKID masked), ticket revocation and visit
// correction with a reason.
import { opsContract } from '@clinicpass/shared/contracts/ops';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { hkidLookupHash } from '../../../lib/hkid-hash';
import { revokeMemberTokens } from '../../outpatient/outpatient.service';
import * as visits from '../../outpatient/visit.service';
import * as repo from '../ops.repository';
import { claimSummaryOf, visitOf } from './views';
import type { WorkKit } from './work-kit';

export function memberRoutes({ app, db, route, audit, change, notFound }: WorkKit): void {
  route(opsContract.lookUpMember, async (request) => {
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
    if (found.length === 0) throw notFound('No member with that number');
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
      visits: visitRows.map(visitOf),
      claims: claimRows.map(claimSummaryOf),
    };
  });

  route(opsContract.revokeMemberTickets, async (request) => {
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

  route(opsContract.correctVisit, async (request) => {
    const { status, amount, note } = request.body;
    const id = request.params.id;
    const visit = await change(request, {
      read: (tx) => visits.findVisitForOperator(tx, id),
      apply: (tx) =>
        visits.correctVisit(
          tx,
          id,
          {
            ...(status === undefined ? {} : { status }),
            ...(amount === undefined ? {} : { amount }),
            note,
          },
          request.now.instant,
        ),
      record: (before, after) => ({
        action: 'visit.correct',
        targetKind: 'visit',
        targetId: String(id),
        before:
          before === null ? null : { status: before.status, amount_charged: before.amount_charged },
        after: { status: after.status, amount_charged: after.amount_charged, note },
      }),
    });
    return visitOf(visit);
  });
}
