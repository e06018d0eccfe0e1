// The clinic side's rules for tickets and visits (issue 18): what a ticket presented at a venue
// is worth now (the verification outcome), the recording steps (open a visit, close it with the
// amount charged, record a body check), the policy year's use the member card shows, the day-end
// close (decision 183), the owner's visit list and the operator's corrections. A visit belongs to
// the member, never to a token: any live token of the member reaches the same visit. Throws
// AppError; knows nothing of Fastify or of who the clinic caller is beyond its ids.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import {
  normaliseTicketNumber,
  STEP_TICKET_TYPE,
  type ClinicMember,
  type ClinicStep,
  type ClinicVenueService,
  type ClinicVisit,
  type MemberUsage,
  type PolicyVisit,
  type VerificationOutcome,
} from '@clinicpass/shared/schemas/clinic';
import type { TicketType } from '@clinicpass/shared/schemas/outpatient';
import { fixedClock, hkToday, isOnOrBefore } from '@clinicpass/shared/time/clock';
import type { Database } from '../../db/client';
import * as claims from '../claims/claims.service';
import { bodyCheckEffectiveDate, policyYearEnd, policyYearStart } from './body-check';
import * as repo from './outpatient.repository';
import type { MemberRow } from './outpatient.repository';
import { hashToken, numberKeyOfHash, ticketNumberKey } from './tokens';
import * as visits from './visit.repository';
import type { VisitRow, VisitView } from './visit.repository';

/** Who records a step: a staff member's account or a counter's clinic key. */
export interface ClinicActorIds {
  userId: string | null;
  keyId: number | null;
}

/** A ticket as a counter presents it: the QR token, or the typed number. */
export type TicketRef = { token: string } | { number: string };

/** The service categories each ticket type is used for (the clinic's services listed with it). */
const TICKET_CATEGORIES: Record<TicketType, readonly string[]> = {
  visit: ['general-practitioner', 'chinese-medicine'],
  payment: ['general-practitioner', 'chinese-medicine'],
  'body-check': ['bodycheck'],
};

// ---------------------------------------------------------------- shapes

/** `Chan Tai Man` → `C*** T** M**`; `陳大文` → `陳**`. */
export function maskName(name: string): string {
  const trimmed = name.trim();
  if (/^[\p{Script=Han}·\s]+$/u.test(trimmed)) {
    const chars = Array.from(trimmed.replace(/\s+/g, ''));
    return chars.length <= 1 ? trimmed : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
  }
  return trimmed
    .split(/\s+/)
    .map((part) => {
      const chars = Array.from(part);
      return chars.length <= 1 ? part : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
    })
    .join(' ');
}

function toVisit(row: VisitView): ClinicVisit {
  return {
    id: row.id,
    kind: row.kind as ClinicVisit['kind'],
    status: row.status as ClinicVisit['status'],
    visit_date: row.visitDate,
    venue: { id: row.venueId, name_en: row.venueNameEn, name_zh: row.venueNameZh },
    membership_number: row.membershipNumber,
    service:
      row.servicePointId === null
        ? null
        : {
            service_point_id: row.servicePointId,
            name_en: row.serviceNameEn ?? '',
            name_zh: row.serviceNameZh ?? '',
          },
    amount_charged: row.amountCharged,
    member_price: row.memberPrice,
    opened_at: row.openedAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}

async function visitOf(db: Database, row: VisitRow): Promise<ClinicVisit> {
  const view = await visits.findVisit(db, row.id);
  if (view === null) throw new Error(`visit ${row.id} vanished`);
  return toVisit(view);
}

function toService(row: visits.VenueServiceRow): ClinicVenueService {
  return {
    service_point_id: row.servicePointId,
    service_id: row.serviceId,
    slug: row.slug,
    name_en: row.nameEn,
    name_zh: row.nameZh,
    doctor_name_en: row.doctorNameEn,
    doctor_name_zh: row.doctorNameZh,
    member_price: row.memberPrice,
    usual_price: row.usualPrice,
  };
}

// ---------------------------------------------------------------- use of the policy year

/**
 * The benefit the card's visits and the counter's quota count (decision 292): the product's
 * `visits_per_year` is its schedule's general practitioner visits, and the use is the claims'.
 */
export const CARD_BENEFIT = 'general-practitioner';

/** A visit as its panel claim names it: a consultation uses the card's benefit until closed. */
function panelVisitOf(visit: VisitRow): claims.PanelVisit {
  return {
    visitId: visit.id,
    policyId: visit.policyId,
    memberId: visit.memberId,
    venueId: visit.venueId,
    benefit: CARD_BENEFIT,
    visitDate: visit.visitDate,
    amount: 0,
  };
}

/**
 * The policy year's use of a member: the units of its general-practitioner claims (decision 292;
 * a visit's panel claim counts from the open visit, and one closed without payment at day end
 * still counts, decision 183; a void visit's claim does not) against the product's
 * `visits_per_year`, body checks left, and the last visit.
 */
export async function memberUsage(
  db: Database,
  row: MemberRow,
  today: string,
): Promise<MemberUsage> {
  const start = policyYearStart(row.activationDate, today);
  const end = policyYearEnd(row.activationDate, today);
  const used = await claims.memberUnits(db, row.memberId, CARD_BENEFIT, start, end);
  const checkedThisYear =
    row.lastBodyCheckDate !== null &&
    isOnOrBefore(start, row.lastBodyCheckDate) &&
    isOnOrBefore(row.lastBodyCheckDate, end);
  const last = await visits.latestVisitOf(db, row.memberId);
  return {
    policy_year_start: start,
    policy_year_end: end,
    visits_used: used,
    visits_included: row.visitsPerYear,
    body_checks_left: Math.max(0, row.bodyChecksPerYear - (checkedThisYear ? 1 : 0)),
    last_visit:
      last === null
        ? null
        : {
            date: last.visitDate,
            venue_name_en: last.venueNameEn,
            venue_name_zh: last.venueNameZh,
          },
  };
}

// ---------------------------------------------------------------- verification

export interface Assessment {
  outcome: VerificationOutcome;
  ticketType: TicketType | null;
  effectiveDate: string | null;
  member: MemberRow | null;
  services: visits.VenueServiceRow[];
  /** The visit the step belongs to (open visit, or the one already recorded). */
  visit: VisitRow | null;
}

/** `token` or `number` of a ticket as its stored look-up key. */
function ticketWhere(secretKey: string, ref: TicketRef) {
  return 'token' in ref
    ? { tokenHash: hashToken(ref.token) }
    : { numberKey: ticketNumberKey(secretKey, normaliseTicketNumber(ref.number)) };
}

function refused(outcome: VerificationOutcome, rest: Partial<Assessment> = {}): Assessment {
  return {
    outcome,
    ticketType: null,
    effectiveDate: null,
    member: null,
    services: [],
    visit: null,
    ...rest,
  };
}

/**
 * What a ticket is worth at a venue now, for a step (or for any step when none is named). Closes
 * the visits left open by an earlier Hong Kong day first, so none of them counts as open.
 */
export async function assessTicket(
  db: Database,
  secretKey: string,
  input: { ref: TicketRef; venueId: number; step?: ClinicStep | undefined },
  now: { today: string; instant: Date },
): Promise<Assessment> {
  await closeStaleVisits(db, now);
  const ticket = await visits.findTicket(db, ticketWhere(secretKey, input.ref));
  if (ticket === null) return refused('unknown');
  const ticketType = ticket.type as TicketType;
  if (ticket.revokedAt !== null) return refused('revoked', { ticketType });
  const row = await repo.findMemberById(db, ticket.memberId);
  // The membership is checked at the counter, at the time of the check (decision 153).
  if (
    ticket.expiresAt.getTime() <= now.instant.getTime() ||
    row === null ||
    row.policyStatus !== 'in-force' ||
    row.medicalNetworkPanel === null ||
    !isOnOrBefore(now.today, ticket.expiryDate)
  ) {
    return refused('expired', { ticketType });
  }
  if (input.step !== undefined && STEP_TICKET_TYPE[input.step] !== ticketType) {
    return refused('wrong_ticket_type', { ticketType });
  }
  const services = await visits.listVenueServices(
    db,
    input.venueId,
    row.medicalNetworkPanel,
    TICKET_CATEGORIES[ticketType],
  );
  if (services.length === 0) return refused('not_in_network', { ticketType });
  const base = { ticketType, member: row, services };

  if (ticketType === 'body-check') {
    const done = await visits.findLatestVisit(db, {
      memberId: row.memberId,
      kind: 'body-check',
      date: now.today,
      statuses: ['closed'],
    });
    // Taken today (at any clinic): another clinic is not shown where.
    if (done !== null) {
      return refused('already_used', {
        ...base,
        visit: done.venueId === input.venueId ? done : null,
      });
    }
    const effective = bodyCheckEffectiveDate(row.activationDate, row.lastBodyCheckDate);
    if (row.bodyChecksPerYear <= 0) return refused('not_in_network', { ticketType });
    if (!isOnOrBefore(effective, now.today)) {
      return refused('not_yet_effective', { ticketType, effectiveDate: effective });
    }
    return { ...base, outcome: 'valid', effectiveDate: effective, visit: null };
  }

  if (!isOnOrBefore(ticket.effectiveDate, now.today)) {
    return refused('not_yet_effective', { ticketType, effectiveDate: ticket.effectiveDate });
  }
  const open = await visits.findOpenVisit(db, row.memberId, input.venueId);
  if (ticketType === 'visit') {
    if (open !== null) return refused('already_used', { ...base, visit: open });
    if (row.visitsPerYear !== null) {
      const usage = await claims.memberUnits(
        db,
        row.memberId,
        CARD_BENEFIT,
        policyYearStart(row.activationDate, now.today),
        policyYearEnd(row.activationDate, now.today),
      );
      if (usage >= row.visitsPerYear) return refused('quota_used_up', { ticketType });
    }
    return { ...base, outcome: 'valid', effectiveDate: ticket.effectiveDate, visit: null };
  }
  // A payment ticket closes the member's open visit at this venue.
  if (open !== null) {
    return { ...base, outcome: 'valid', effectiveDate: ticket.effectiveDate, visit: open };
  }
  const closed = await visits.findLatestVisit(db, {
    memberId: row.memberId,
    venueId: input.venueId,
    kind: 'consultation',
    date: now.today,
    statuses: ['closed'],
  });
  if (closed !== null) return refused('already_used', { ...base, visit: closed });
  return refused('no_open_visit', { ticketType });
}

/** What the counter is shown of an assessment: the member and services only when valid. */
export async function verificationAnswer(
  db: Database,
  assessment: Assessment,
  venueId: number,
  today: string,
) {
  const valid = assessment.outcome === 'valid' && assessment.member !== null;
  let member: ClinicMember | null = null;
  if (valid && assessment.member !== null) {
    const row = assessment.member;
    member = {
      masked_name_en: maskName(row.nameEn),
      masked_name_zh: maskName(row.nameZh),
      membership_number: row.membershipNumber,
      plan_name_en: row.productNameEn,
      plan_name_zh: row.productNameZh,
      usage: await memberUsage(db, row, today),
    };
  }
  return {
    outcome: assessment.outcome,
    ticket_type: assessment.ticketType,
    venue_id: venueId,
    effective_date: assessment.outcome === 'not_yet_effective' ? assessment.effectiveDate : null,
    member,
    services: valid ? assessment.services.map(toService) : [],
    visit: assessment.visit === null ? null : await visitOf(db, assessment.visit),
  };
}

// ---------------------------------------------------------------- recording

/** A step with a ticket that cannot be used: 409 with the outcome in `details`. */
function notAccepted(assessment: Assessment): AppError {
  return new AppError('ticket_not_accepted', {
    message: `This ticket cannot be used for this step: ${assessment.outcome}`,
    details: {
      outcome: assessment.outcome,
      ticket_type: assessment.ticketType,
      ...(assessment.effectiveDate !== null && assessment.outcome === 'not_yet_effective'
        ? { effective_date: assessment.effectiveDate }
        : {}),
    },
  });
}

export interface StepInput {
  ref: TicketRef;
  venueId: number;
  actor: ClinicActorIds;
}

export interface StepResult {
  /** The outcome of the ticket's assessment (for the audit line). */
  assessment: Assessment;
  recorded: boolean;
  visit: ClinicVisit;
  usage: MemberUsage;
}

async function stepResult(
  db: Database,
  assessment: Assessment,
  recorded: boolean,
  visit: VisitRow,
  today: string,
): Promise<StepResult> {
  if (assessment.member === null) throw new Error('a recorded step has a member');
  return {
    assessment,
    recorded,
    visit: await visitOf(db, visit),
    usage: await memberUsage(db, assessment.member, today),
  };
}

type VisitFields = Omit<
  Parameters<typeof visits.insertVisit>[1],
  | 'memberId'
  | 'policyId'
  | 'venueId'
  | 'visitDate'
  | 'openedByUserId'
  | 'openedByKeyId'
  | 'openedAt'
>;

/**
 * A step that adds one visit row (opening a visit, a body check). A repeated scan answers the row
 * it recorded before; of two simultaneous scans the first row stands (a partial unique index) and
 * the second reads it back with `existing`.
 */
async function addVisit(
  db: Database,
  secretKey: string,
  input: StepInput,
  now: { today: string; instant: Date },
  step: 'open-visit' | 'body-check',
  fields: VisitFields,
  existing: (member: MemberRow) => Promise<VisitRow | null>,
  /** The member as the visit leaves it (before the answer reads its use); `inserted` is false
   * when a simultaneous scan recorded it. */
  recorded: (member: MemberRow, inserted: boolean, visit: VisitRow) => Promise<MemberRow> = (
    member,
  ) => Promise.resolve(member),
): Promise<StepResult> {
  const assessment = await assessTicket(
    db,
    secretKey,
    { ref: input.ref, venueId: input.venueId, step },
    now,
  );
  if (assessment.outcome === 'already_used' && assessment.visit !== null) {
    return stepResult(db, assessment, false, assessment.visit, now.today);
  }
  if (assessment.outcome !== 'valid' || assessment.member === null) throw notAccepted(assessment);
  const member = assessment.member;
  const inserted = await visits.insertVisit(db, {
    ...fields,
    memberId: member.memberId,
    policyId: member.policyId,
    venueId: input.venueId,
    visitDate: now.today,
    openedByUserId: input.actor.userId,
    openedByKeyId: input.actor.keyId,
    openedAt: now.instant,
  });
  const visit = inserted ?? (await existing(member));
  if (visit === null) throw new AppError('conflict');
  const after = { ...assessment, member: await recorded(member, inserted !== null, visit) };
  return stepResult(db, after, inserted !== null, visit, now.today);
}

/** Before consultation: opens the member's visit at the venue; a second scan returns it. */
export async function openVisit(
  db: Database,
  secretKey: string,
  input: StepInput,
  now: { today: string; instant: Date },
): Promise<StepResult> {
  return addVisit(
    db,
    secretKey,
    input,
    now,
    'open-visit',
    { kind: 'consultation', status: 'open' },
    (member) => visits.findOpenVisit(db, member.memberId, input.venueId),
    async (member, inserted, visit) => {
      // The open visit's panel claim: it counts from now (decisions 183, 292).
      if (inserted) await claims.openPanelClaim(db, panelVisitOf(visit), now);
      return member;
    },
  );
}

/**
 * After consultation: closes the open visit with a service of the venue and the amount charged
 * (at most its member price). The same close scanned again returns the closed visit.
 */
export async function closeVisit(
  db: Database,
  secretKey: string,
  input: StepInput & { servicePointId: number; amount: number },
  now: { today: string; instant: Date },
): Promise<StepResult> {
  const assessment = await assessTicket(
    db,
    secretKey,
    { ref: input.ref, venueId: input.venueId, step: 'close-visit' },
    now,
  );
  if (
    assessment.outcome === 'already_used' &&
    assessment.visit !== null &&
    assessment.visit.servicePointId === input.servicePointId &&
    assessment.visit.amountCharged === input.amount
  ) {
    return stepResult(db, assessment, false, assessment.visit, now.today);
  }
  const open = assessment.visit;
  if (assessment.outcome !== 'valid' || open === null) throw notAccepted(assessment);
  const service = assessment.services.find((s) => s.servicePointId === input.servicePointId);
  if (service === undefined) {
    throw validationError(
      [{ path: 'service_point_id', message: 'is not a service of this clinic', key: 'invalid' }],
      {
        message: `service_point_id ${input.servicePointId} is not one of this clinic's services for this member`,
      },
    );
  }
  if (service.memberPrice !== null && input.amount > service.memberPrice) {
    throw new AppError('amount_above_member_price', {
      message: `The amount HK$${input.amount} is above the member price HK$${service.memberPrice}`,
      details: { member_price: service.memberPrice },
    });
  }
  const closed = await visits.updateVisit(db, open.id, {
    status: 'closed',
    servicePointId: service.servicePointId,
    amountCharged: input.amount,
    memberPrice: service.memberPrice,
    closedByUserId: input.actor.userId,
    closedByKeyId: input.actor.keyId,
    closedAt: now.instant,
    updateDate: now.instant,
  });
  if (closed === null) throw new AppError('conflict');
  // The visit's panel claim, settled to the clinic at the member price (decision 292).
  await claims.recordPanelClaim(
    db,
    { ...panelVisitOf(closed), benefit: service.slug, amount: service.memberPrice ?? input.amount },
    now,
  );
  return stepResult(db, assessment, true, closed, now.today);
}

/** A body check (one step): recorded as taken today, so the next follows the 12-month rule. */
export async function recordBodyCheckAtClinic(
  db: Database,
  secretKey: string,
  input: StepInput,
  now: { today: string; instant: Date },
): Promise<StepResult> {
  return addVisit(
    db,
    secretKey,
    input,
    now,
    'body-check',
    {
      kind: 'body-check',
      status: 'closed',
      closedByUserId: input.actor.userId,
      closedByKeyId: input.actor.keyId,
      closedAt: now.instant,
    },
    (member) =>
      visits.findLatestVisit(db, {
        memberId: member.memberId,
        kind: 'body-check',
        date: now.today,
        statuses: ['closed'],
      }),
    async (member, inserted, visit) => {
      if (inserted) {
        await repo.setLastBodyCheckDate(db, member.memberId, now.today);
        // A body check carries no price at the counter: its claim counts the check, HK$0.
        await claims.recordPanelClaim(
          db,
          { ...panelVisitOf(visit), benefit: 'body-check', amount: 0 },
          now,
        );
      }
      return { ...member, lastBodyCheckDate: now.today };
    },
  );
}

// ---------------------------------------------------------------- lists and operators

/** The venues of ids, as the clinic screen names them. */
export async function venuesByIds(db: Database, ids: readonly number[]) {
  const rows = await visits.findVenues(db, ids);
  return rows.map((row) => ({ id: row.id, name_en: row.nameEn, name_zh: row.nameZh }));
}

/** The owner's visit list of a policy (the caller's ownership is checked by the caller). */
export async function policyVisits(
  db: Database,
  policyId: number,
  window: { offset: number; limit: number },
  today: string,
): Promise<{ items: PolicyVisit[]; total: number }> {
  await visits.closeStaleVisits(db, today);
  const page = await visits.listPolicyVisits(db, policyId, window);
  return {
    items: page.items.map((row) => ({
      ...toVisit(row),
      holder_name_en: row.holderNameEn,
      holder_name_zh: row.holderNameZh,
    })),
    total: page.total,
  };
}

/**
 * Closes the visits left open by an earlier Hong Kong day (operator command, every step): each
 * still counts (decision 183), its panel claim settled at HK$0, nothing paid (decision 292).
 */
export async function closeStaleVisits(
  db: Database,
  now: { today: string; instant: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    const closed = await visits.closeStaleVisits(tx, now.today);
    for (const visit of closed) {
      await claims.recordPanelClaim(tx, { ...panelVisitOf(visit), amount: 0 }, now);
    }
    return closed.length;
  });
}

/** Operator: visits by member code, venue or dates, newest first. */
export async function listVisitsForOperator(
  db: Database,
  where: { memberCode?: string; venueId?: number; from?: string; to?: string; limit?: number },
): Promise<PolicyVisit[]> {
  let memberId: number | undefined;
  if (where.memberCode !== undefined) {
    const row = await repo.findMemberByCode(db, where.memberCode);
    if (row === null) {
      throw new AppError('not_found', { message: `No member with code ${where.memberCode}` });
    }
    memberId = row.memberId;
  }
  const rows = await visits.listVisits(db, {
    ...(memberId === undefined ? {} : { memberId }),
    ...(where.venueId === undefined ? {} : { venueId: where.venueId }),
    ...(where.from === undefined ? {} : { from: where.from }),
    ...(where.to === undefined ? {} : { to: where.to }),
    limit: where.limit ?? 100,
  });
  return rows.map((row) => ({
    ...toVisit(row),
    holder_name_en: row.holderNameEn,
    holder_name_zh: row.holderNameZh,
  }));
}

/** Operator: one visit by id, or null. */
export async function findVisitForOperator(db: Database, id: number): Promise<PolicyVisit | null> {
  const row = await visits.findVisit(db, id);
  return row === null
    ? null
    : { ...toVisit(row), holder_name_en: row.holderNameEn, holder_name_zh: row.holderNameZh };
}

/**
 * Operator: corrects a visit — `void` (cancelled, no longer counted), or a closed amount and
 * service point — with a note saying why.
 */
export async function correctVisit(
  db: Database,
  id: number,
  change: { status?: 'void' | 'closed' | 'closed_unpaid'; amount?: number; note: string },
  now: Date,
): Promise<PolicyVisit> {
  const found = await visits.findVisit(db, id);
  if (found === null) throw new AppError('not_found', { message: `No visit with id ${id}` });
  if (change.note.trim() === '') {
    throw validationError([{ path: 'note', message: 'is required', key: 'required' }], {
      message: 'A correction needs a note saying why',
    });
  }
  if (change.amount !== undefined && (change.amount < 0 || !Number.isFinite(change.amount))) {
    throw validationError([{ path: 'amount', message: 'is invalid', key: 'invalid' }], {
      message: 'amount must be a number of HK$ ≥ 0',
    });
  }
  if (
    change.amount !== undefined &&
    found.memberPrice !== null &&
    change.amount > found.memberPrice
  ) {
    throw new AppError('amount_above_member_price', {
      message: `The amount HK$${change.amount} is above the member price HK$${found.memberPrice}`,
    });
  }
  await visits.updateVisit(db, id, {
    ...(change.status === undefined ? {} : { status: change.status }),
    ...(change.amount === undefined ? {} : { amountCharged: change.amount }),
    ...(change.status !== undefined && change.status !== 'void' && found.closedAt === null
      ? { closedAt: now }
      : {}),
    note: change.note.trim(),
    updateDate: now,
  });
  const after = await visits.findVisit(db, id);
  if (after === null) throw new AppError('not_found');
  // Its panel claim follows: a void visit uses nothing, a new amount is paid or refunded.
  await claims.adjustPanelClaim(
    db,
    id,
    {
      amount: change.amount ?? after.memberPrice ?? after.amountCharged ?? 0,
      void: after.status === 'void',
      note: change.note.trim(),
    },
    { today: hkToday(fixedClock(now)), instant: now },
  );
  return {
    ...toVisit(after),
    holder_name_en: after.holderNameEn,
    holder_name_zh: after.holderNameZh,
  };
}

/**
 * The data step of decision 184: ticket rows issued before it hold the SHA-256 of their number;
 * each becomes HMAC(SECRET_KEY, that hash) in `number_key`. Idempotent (only rows not moved yet);
 * run at every start and by `npm run db:migrate`. Returns how many rows moved.
 */
export async function convertTicketNumberHashes(db: Database, secretKey: string): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch = await visits.ticketsWithBareNumberHash(db, 500);
    if (batch.length === 0) return moved;
    for (const row of batch) {
      await visits.setNumberKey(db, row.id, numberKeyOfHash(secretKey, row.numberHash));
      moved += 1;
    }
  }
}
