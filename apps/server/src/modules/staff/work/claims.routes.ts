// Claim cases (`claims`): the queue with status / type / age / assignee filters, the case view
// (an audited read) and the insurer's actions; the owner is told through the app's delivery.
import { opsContract } from '@clinicpass/shared/contracts/ops';
import type { Claim } from '@clinicpass/shared/platform/entities/claim';
import type { ClaimMessenger } from '../../claims';
import * as claims from '../../claims/claims.service';
import * as repo from '../ops.repository';
import { claimSummaryOf } from './views';
import type { WorkKit } from './work-kit';

export const CLAIM_PAGE_SIZE = 50;
const DAY_MS = 86_400_000;

export function claimRoutes({ app, db, route, caller, audit, change }: WorkKit): void {
  const messenger: ClaimMessenger = { sender: app.delivery, publicUrl: app.config.publicUrl };

  route(opsContract.listClaims, async (request) => {
    const { page, status, type, min_age_days: minAge, assignee } = request.query;
    const { rows, total } = await repo.claimQueue(
      db,
      {
        status,
        type,
        createdBefore:
          minAge === undefined
            ? undefined
            : new Date(request.now.instant.getTime() - minAge * DAY_MS),
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

  route(opsContract.getClaim, async (request) => {
    const id = request.params.id;
    const answer = await claims.claimAnswer(db, id);
    await audit(request, { action: 'claim.read', targetKind: 'claim', targetId: String(id) });
    return answer;
  });

  route(opsContract.actOnClaim, async (request) => {
    const { id, action } = request.params;
    const staff = caller(request);
    const body = request.body;
    const shown = (claim: Claim) => ({
      status: claim.status,
      amount_approved: claim.amount_approved,
      amount_paid: claim.amount_paid,
    });
    return change(request, {
      // An unknown claim: the action itself answers not_found.
      read: (tx) => claims.claimAnswer(tx, id).catch(() => null),
      apply: (tx) =>
        claims.insurerAction(
          tx,
          { kind: 'insurer', staffId: staff.id, role: 'claims' },
          request.now,
          id,
          action,
          { note: body.note, amount: body.amount, assigneeStaffId: body.assignee_staff_id },
          messenger,
        ),
      record: (before, after) => ({
        action: `claim.${action}`,
        targetKind: 'claim',
        targetId: String(id),
        before: before === null ? null : shown(before),
        after: {
          ...shown(after),
          ...(body.note === undefined ? {} : { note: body.note }),
          ...(body.assignee_staff_id === undefined ? {} : { assignee: body.assignee_staff_id }),
        },
      }),
    });
  });
}
