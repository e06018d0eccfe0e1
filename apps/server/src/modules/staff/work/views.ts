// How the work routes answer rows that more than one area shows (a claim in the queue and in a
// member's support view; a visit in the look-up and after its correction).
import type { PolicyVisit } from '@clinicpass/shared/schemas/clinic';
import type * as repo from '../ops.repository';

export function claimSummaryOf(row: repo.ClaimSummaryRow) {
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

/** A visit as the back office shows it (the operator's view of the visit service). */
export function visitOf(visit: PolicyVisit) {
  return {
    id: visit.id,
    visit_date: visit.visit_date,
    kind: visit.kind,
    status: visit.status,
    membership_number: visit.membership_number,
    venue: visit.venue,
    amount_charged: visit.amount_charged,
  };
}
