// Claim rules (issue 40, decisions 290–292): the customer's actions in the portal (create, update,
// submit, cancel, withdraw), the insurer's actions (service functions taking a staff actor; the
// back-office routes come with issue 39), and the panel claims a clinic's visits make. Every
// status change goes through `act`, which takes the one table of CLAIM_TRANSITIONS: any other
// move is 409 `invalid_state_transition`, nothing changed. Another owner's claim is not found.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import {
  CLAIM_ACTION_TYPES,
  CLAIM_TRANSITIONS,
  claimActionsFrom,
  claimMove,
  NOT_APPROVED_TYPES,
  type ClaimTransition,
  type InsurerClaimAction,
} from '@clinicpass/shared/platform/claim-transitions';
import type {
  Claim,
  ClaimHistoryEntry,
  CreateClaimBodySchema,
  UpdateClaimBodySchema,
} from '@clinicpass/shared/platform/entities/claim';
import type {
  ClaimAction,
  ClaimActorKind,
  ClaimStatus,
  ClaimType,
} from '@clinicpass/shared/platform/enums';
import { documentPaths } from '@clinicpass/shared/platform/documents';
import { compareDates } from '@clinicpass/shared/time/clock';
import type { Language } from '@clinicpass/shared/i18n/languages';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import * as policyService from '../policy/policy.service';
import * as productService from '../product/product.service';
import { type ClaimMessenger, queueClaimNotice } from './claim-messages';
import * as repo from './claims.repository';

export interface Now {
  today: string;
  instant: Date;
}

/** The staff roles of the back office (issue 39); only `claims` handles claim cases. */
export const STAFF_ROLES = ['admin', 'claims', 'network', 'service', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const CLAIM_HANDLER_ROLES: readonly StaffRole[] = ['claims'];

/** The staff id the automatic panel rule acts under (decision 292). */
export const PANEL_RULE_STAFF_ID = 'panel-rule';

/** Who takes an action: the owner, a clinic (a panel claim), or the insurer's staff. */
export type ClaimActor =
  | { kind: 'customer'; userId: string }
  | { kind: 'medical-provider'; venueId: number }
  | { kind: 'insurer'; staffId: string; role: StaffRole };

function actorId(actor: ClaimActor): string {
  if (actor.kind === 'customer') return actor.userId;
  if (actor.kind === 'medical-provider') return `venue:${actor.venueId}`;
  return actor.staffId;
}

function notFound(id: number): AppError {
  return new AppError('not_found', { message: `No claim ${id}` });
}

function invalid(path: string, message: string): AppError {
  return validationError([{ path, message, key: 'invalid' }], {
    message: `Invalid ${path.replace('body.', '')}: ${message}`,
  });
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** `***-***-1234`: the last four digits of an account. */
export function maskAccount(accountNumber: string | null): string | null {
  if (accountNumber === null) return null;
  return `***-***-${accountNumber.slice(-4)}`;
}

// ---------------------------------------------------------------- the one place status changes

export interface ActInput {
  note?: string | undefined;
  patch?: Partial<repo.ClaimInsert>;
  details?: Record<string, unknown>;
  /** Given, the owner is told of the moves that tell (decision 294), in this transaction. */
  messenger?: ClaimMessenger | undefined;
}

/**
 * Takes `action` on the locked claim `row` for `actor`: refuses an actor kind the table does not
 * name (403) and a move it does not list from the claim's status (409), else changes the status,
 * applies the patch and writes the history line.
 */
export async function act(
  db: Database,
  row: repo.ClaimRow,
  action: ClaimAction,
  actor: ClaimActor,
  now: Now,
  input: ActInput = {},
): Promise<repo.ClaimRow> {
  const transition: ClaimTransition = CLAIM_TRANSITIONS[action];
  if (!transition.by.includes(actor.kind)) {
    throw new AppError('forbidden', {
      message: `A ${actor.kind} cannot ${action} a claim`,
      details: { action },
    });
  }
  if (actor.kind === 'insurer' && !CLAIM_HANDLER_ROLES.includes(actor.role)) {
    throw new AppError('forbidden', {
      message: `The ${actor.role} role cannot ${action} a claim`,
      details: { action, role: actor.role },
    });
  }
  const status = row.status as ClaimStatus;
  const type = row.type as ClaimType;
  const types = CLAIM_ACTION_TYPES[action];
  const typeRefused =
    (types !== undefined && !types.includes(type)) ||
    (action === 'approve' && NOT_APPROVED_TYPES.includes(type));
  const to = typeRefused ? undefined : claimMove(action, status);
  if (to === undefined) {
    throw new AppError('invalid_state_transition', {
      message: typeRefused
        ? `A ${type} claim cannot be taken the action ${action}`
        : `A claim cannot ${action} while it is ${status}`,
      details: { action, status, type },
    });
  }
  const updated = await repo.updateClaim(db, row.id, {
    ...input.patch,
    status: to,
    updateDate: now.instant,
  });
  await repo.addAction(db, {
    claimId: row.id,
    action,
    fromStatus: status,
    toStatus: to,
    actorKind: actor.kind,
    actorId: actorId(actor),
    actorRole: actor.kind === 'insurer' ? actor.role : null,
    note: input.note ?? null,
    details: input.details ?? null,
    createDate: now.instant,
  });
  if (input.messenger !== undefined) {
    await queueClaimNotice(db, input.messenger, row.id, action, input.note ?? null);
  }
  return updated;
}

// ---------------------------------------------------------------- answers

function displayName(view: repo.ClaimView): { en: string; zh: string | null } {
  if (view.party !== null) {
    const zh =
      view.party.chineseLastName !== null && view.party.chineseFirstName !== null
        ? `${view.party.chineseLastName}${view.party.chineseFirstName}`
        : null;
    return { en: `${view.party.firstName} ${view.party.lastName}`, zh };
  }
  return { en: view.memberNameEn ?? '', zh: view.memberNameZh };
}

function actorShown(row: { actorKind: string; actorId: string; actorRole: string | null }) {
  if (row.actorKind === 'customer') return 'customer';
  if (row.actorKind === 'medical-provider') return 'clinic';
  return row.actorId === PANEL_RULE_STAFF_ID ? 'automatic' : (row.actorRole ?? 'insurer');
}

/** The answer for a claim (documents, settlements and history included). */
export async function claimAnswer(db: Database, id: number, ownerUserId?: string): Promise<Claim> {
  const view = await repo.findClaimView(db, id, ownerUserId);
  if (view === null) throw notFound(id);
  // One after another: `db` may be a transaction's single connection.
  const actions = await repo.listActions(db, id);
  const settlements = await repo.listSettlements(db, id);
  const documents = await repo.listDocuments(db, id);
  const row = view.claim;
  const name = displayName(view);
  const status = row.status as ClaimStatus;
  return {
    id: row.id,
    claim_number: row.claimNumber,
    type: row.type as Claim['type'],
    cause: row.cause as Claim['cause'],
    status,
    policy_id: row.policyId,
    policy_number: view.policyNumber,
    insured_life: {
      id: row.insuredPartyId ?? row.memberId ?? 0,
      name_en: name.en,
      name_zh: name.zh,
    },
    benefit: row.benefit,
    service_date: row.serviceDate,
    service_end_date: row.serviceEndDate,
    surgery_size: row.surgerySize as Claim['surgery_size'],
    room_class: row.roomClass as Claim['room_class'],
    units: row.units,
    description: row.description,
    currency: 'HKD',
    amount_claimed: row.amountClaimed,
    amount_approved: row.amountApproved,
    amount_paid: row.amountPaid,
    venue:
      row.venueId === null
        ? null
        : { id: row.venueId, name_en: view.venueNameEn ?? '', name_zh: view.venueNameZh ?? '' },
    payout_account_masked: maskAccount(row.payoutAccountNumber),
    request_note: status === 'update-requested' ? row.requestNote : null,
    customer_actions:
      row.type === 'panel' ? [] : claimActionsFrom(status, row.type as ClaimType, 'customer'),
    documents: documents.map((doc) => ({
      id: doc.id,
      kind: doc.kind as Claim['documents'][number]['kind'],
      file_name: doc.fileName,
      content_type: doc.contentType,
      size: doc.size,
      url: documentPaths.claimDocument(doc.id),
      create_date: doc.createDate.toISOString(),
    })),
    settlements: settlements.map((s) => ({
      id: s.id,
      kind: s.kind as Claim['settlements'][number]['kind'],
      amount: s.amount,
      payee: s.payee as Claim['settlements'][number]['payee'],
      account_masked: s.accountMasked,
      settled_on: s.settledOn,
    })),
    history: actions.map((a): ClaimHistoryEntry => ({
      action: a.action as ClaimAction,
      from_status: a.fromStatus as ClaimStatus | null,
      to_status: a.toStatus as ClaimStatus,
      actor_kind: a.actorKind as ClaimActorKind,
      actor: actorShown(a),
      note: a.note,
      create_date: a.createDate.toISOString(),
    })),
    submit_date: row.submitDate?.toISOString() ?? null,
    create_date: row.createDate.toISOString(),
    update_date: row.updateDate.toISOString(),
  };
}

// ---------------------------------------------------------------- the customer's actions

export interface Caller {
  userId: string;
}

type CreateBody = z.output<typeof CreateClaimBodySchema>;
type UpdateBody = z.output<typeof UpdateClaimBodySchema>;

/** What a draft must satisfy, checked on create and on every update of it. */
async function checkFields(
  db: Database,
  policy: { id: number; productId: number; activationDate: string },
  fields: {
    insured_life_id: number;
    benefit: string;
    service_date: string;
    service_end_date?: string | null | undefined;
  },
  today: string,
): Promise<void> {
  if (compareDates(fields.service_date, today) > 0) {
    throw invalid('body.service_date', 'must not be after today');
  }
  if (compareDates(fields.service_date, policy.activationDate) < 0) {
    throw invalid('body.service_date', 'must not be before the policy started');
  }
  if (
    fields.service_end_date !== undefined &&
    fields.service_end_date !== null &&
    compareDates(fields.service_end_date, fields.service_date) < 0
  ) {
    throw invalid('body.service_end_date', 'must not be before service_date');
  }
  if ((await repo.findInsuredParty(db, policy.id, fields.insured_life_id)) === null) {
    throw invalid('body.insured_life_id', 'is not an insured life of this policy');
  }
  const schedule = await productService.listBenefitRows(db, policy.productId, fields.service_date);
  if (!schedule.some((benefit) => benefit.code === fields.benefit)) {
    throw invalid('body.benefit', `'${fields.benefit}' is not a benefit of this policy`);
  }
}

function payoutPatch(body: Pick<UpdateBody, 'payout_account'>): Partial<repo.ClaimInsert> {
  if (body.payout_account === undefined) return {};
  return {
    payoutBankCode: body.payout_account.bank_code,
    payoutAccountNumber: body.payout_account.account_number,
    payoutHolderName: body.payout_account.holder_name,
  };
}

function fieldPatch(body: UpdateBody): Partial<repo.ClaimInsert> {
  const patch: Partial<repo.ClaimInsert> = { ...payoutPatch(body) };
  if (body.cause !== undefined) patch.cause = body.cause;
  if (body.insured_life_id !== undefined) patch.insuredPartyId = body.insured_life_id;
  if (body.benefit !== undefined) patch.benefit = body.benefit;
  if (body.service_date !== undefined) patch.serviceDate = body.service_date;
  if (body.service_end_date !== undefined) patch.serviceEndDate = body.service_end_date;
  if (body.surgery_size !== undefined) patch.surgerySize = body.surgery_size;
  if (body.room_class !== undefined) patch.roomClass = body.room_class;
  if (body.units !== undefined) patch.units = body.units;
  if (body.description !== undefined) patch.description = body.description;
  if (body.amount_claimed !== undefined) patch.amountClaimed = body.amount_claimed;
  if (body.pre_approval_claim_id !== undefined) {
    patch.preApprovalClaimId = body.pre_approval_claim_id;
  }
  return patch;
}

async function checkPreApproval(
  db: Database,
  caller: Caller,
  type: string,
  preApprovalId: number | null | undefined,
): Promise<void> {
  if (type !== 'pre-approval-settlement') {
    if (preApprovalId !== undefined && preApprovalId !== null) {
      throw invalid('body.pre_approval_claim_id', 'applies only to a pre-approval settlement');
    }
    return;
  }
  if (preApprovalId === undefined || preApprovalId === null) {
    throw validationError(
      [{ path: 'body.pre_approval_claim_id', message: 'is required', key: 'required' }],
      { message: 'A pre-approval settlement names its pre-approval' },
    );
  }
  const view = await repo.findClaimView(db, preApprovalId, caller.userId);
  if (view === null || view.claim.type !== 'pre-approval' || view.claim.status !== 'pre-approved') {
    throw invalid('body.pre_approval_claim_id', 'is not a pre-approved claim of yours');
  }
}

/** `create`: a draft claim (status open) on a policy of the caller's. */
export async function createClaim(
  db: Database,
  caller: Caller,
  now: Now,
  body: CreateBody,
  language: Language = 'en',
): Promise<Claim> {
  const policy = await policyService.requirePolicy(db, caller, body.policy_id);
  await checkFields(db, policy, body, now.today);
  await checkPreApproval(db, caller, body.type, body.pre_approval_claim_id);
  const actor: ClaimActor = { kind: 'customer', userId: caller.userId };
  const row = await repo.insertClaim(db, {
    policyId: policy.id,
    insuredPartyId: body.insured_life_id,
    type: body.type,
    cause: body.cause,
    status: 'open',
    benefit: body.benefit,
    serviceDate: body.service_date,
    serviceEndDate: body.service_end_date ?? null,
    surgerySize: body.surgery_size ?? null,
    roomClass: body.room_class ?? null,
    units: body.units ?? 1,
    description: body.description ?? null,
    amountClaimed: body.amount_claimed,
    preApprovalClaimId: body.pre_approval_claim_id ?? null,
    ...payoutPatch(body),
    language,
    createDate: now.instant,
    updateDate: now.instant,
  });
  await repo.addAction(db, {
    claimId: row.id,
    action: 'create',
    fromStatus: null,
    toStatus: 'open',
    actorKind: actor.kind,
    actorId: actorId(actor),
    createDate: now.instant,
  });
  return claimAnswer(db, row.id, caller.userId);
}

async function lockOwned(db: Database, caller: Caller, id: number): Promise<repo.ClaimRow> {
  const row = await repo.lockClaim(db, id, caller.userId);
  if (row === null) throw notFound(id);
  return row;
}

/** Whether the caller owns claim `id` (an upload's check before its body is read). */
export async function ownsClaim(db: Database, caller: Caller, id: number): Promise<boolean> {
  return (await repo.findClaimView(db, id, caller.userId)) !== null;
}

export async function getClaim(db: Database, caller: Caller, id: number): Promise<Claim> {
  return claimAnswer(db, id, caller.userId);
}

export async function listClaims(
  db: Database,
  caller: Caller,
  filters: {
    policy_number?: string | undefined;
    status__in?: string[] | undefined;
    type__in?: string[] | undefined;
  },
  window: { offset: number; limit: number },
): Promise<{ items: Claim[]; total: number }> {
  const { ids, total } = await repo.listClaimIds(
    db,
    {
      ownerUserId: caller.userId,
      policyNumber: filters.policy_number,
      statuses: filters.status__in,
      types: filters.type__in,
    },
    window,
  );
  const items = [];
  for (const id of ids) items.push(await claimAnswer(db, id, caller.userId));
  return { items, total };
}

/**
 * `update`: a draft takes any field (checked again as a whole); an answer to a request-update
 * takes only a note (the documents it adds are uploaded beside it) and goes back to the insurer.
 */
export async function updateClaim(
  db: Database,
  caller: Caller,
  now: Now,
  id: number,
  body: UpdateBody,
): Promise<Claim> {
  const row = await lockOwned(db, caller, id);
  const actor: ClaimActor = { kind: 'customer', userId: caller.userId };
  if (row.status === 'open') {
    const policy = await policyService.requirePolicy(db, caller, row.policyId);
    const merged = { ...row, ...fieldPatch(body) };
    if (row.type === 'panel') throw notFound(id);
    await checkFields(
      db,
      policy,
      {
        insured_life_id: merged.insuredPartyId ?? 0,
        benefit: merged.benefit,
        service_date: merged.serviceDate,
        service_end_date: merged.serviceEndDate,
      },
      now.today,
    );
    await checkPreApproval(db, caller, row.type, merged.preApprovalClaimId);
    await act(db, row, 'update', actor, now, { note: body.note, patch: fieldPatch(body) });
    return claimAnswer(db, id, caller.userId);
  }
  const { note, ...fields } = body;
  const changesFields = Object.keys(fields).length > 0;
  if (changesFields && row.status === 'update-requested') {
    throw invalid('body', 'an answer to a request takes a note and documents only');
  }
  await act(db, row, 'update', actor, now, { note, patch: { requestNote: null } });
  return claimAnswer(db, id, caller.userId);
}

/** `submit`: a complete draft (a receipt for a reimbursement) goes to the insurer. */
export async function submitClaim(
  db: Database,
  caller: Caller,
  now: Now,
  id: number,
  told: { messenger?: ClaimMessenger; language?: Language } = {},
): Promise<Claim> {
  const row = await lockOwned(db, caller, id);
  if (row.status === 'open' && row.type === 'reimbursement') {
    const documents = await repo.listDocuments(db, id);
    if (!documents.some((doc) => doc.kind === 'original-medical-receipt')) {
      throw new AppError('claim_documents_missing', {
        message: 'A reimbursement claim needs at least one original medical receipt',
        details: { missing: ['original-medical-receipt'] },
      });
    }
    if (row.payoutAccountNumber === null) {
      throw validationError([{ path: 'payout_account', message: 'is required', key: 'required' }], {
        message: 'A reimbursement claim needs a bank account for the payout',
      });
    }
  }
  await act(db, row, 'submit', { kind: 'customer', userId: caller.userId }, now, {
    patch: {
      submitDate: now.instant,
      ...(told.language === undefined ? {} : { language: told.language }),
    },
    messenger: told.messenger,
  });
  return claimAnswer(db, id, caller.userId);
}

export async function cancelClaim(
  db: Database,
  caller: Caller,
  now: Now,
  id: number,
  note: string | undefined,
): Promise<Claim> {
  const row = await lockOwned(db, caller, id);
  await act(db, row, 'cancel', { kind: 'customer', userId: caller.userId }, now, { note });
  return claimAnswer(db, id, caller.userId);
}

export async function withdrawClaim(
  db: Database,
  caller: Caller,
  now: Now,
  id: number,
  note: string | undefined,
): Promise<Claim> {
  const row = await lockOwned(db, caller, id);
  await act(db, row, 'withdraw', { kind: 'customer', userId: caller.userId }, now, { note });
  return claimAnswer(db, id, caller.userId);
}

// ---------------------------------------------------------------- the insurer's actions

export interface InsurerInput {
  note?: string | undefined;
  /** `approve` / `pre-approve`: the amount approved (at most the amount claimed). */
  amount?: number | undefined;
  /** `transfer`: the staff member who takes the claim over. */
  assigneeStaffId?: string | undefined;
}

/** Actions whose note is required: the owner is told why, or what is asked of them. */
const NOTE_REQUIRED: readonly InsurerClaimAction[] = [
  'decline',
  'request-update',
  'request-shortfall',
];

/** Moves the money of a settle: what was approved less what was paid, a payout or a refund. */
async function settleMoney(
  db: Database,
  row: repo.ClaimRow,
  now: Now,
): Promise<Partial<repo.ClaimInsert>> {
  const approved = row.amountApproved ?? 0;
  const difference = cents(approved - row.amountPaid);
  if (difference !== 0) {
    const toClinic = row.type === 'panel';
    await repo.addSettlement(db, {
      claimId: row.id,
      kind: difference > 0 ? 'claim-payout' : 'claim-refund',
      amount: Math.abs(difference),
      payee: toClinic ? 'medical-provider' : 'customer',
      venueId: toClinic ? row.venueId : null,
      accountMasked: toClinic ? null : maskAccount(row.payoutAccountNumber),
      settledOn: now.today,
      createDate: now.instant,
    });
  }
  return { amountPaid: approved, paidDate: now.instant };
}

/** An insurer's action on a claim (the back office calls this; issue 39 adds its routes). */
export async function insurerAction(
  db: Database,
  actor: Extract<ClaimActor, { kind: 'insurer' }>,
  now: Now,
  id: number,
  action: InsurerClaimAction,
  input: InsurerInput = {},
  messenger?: ClaimMessenger,
): Promise<Claim> {
  const row = await repo.lockClaim(db, id);
  if (row === null) throw notFound(id);
  const note = input.note?.trim() === '' ? undefined : input.note?.trim();
  if (NOTE_REQUIRED.includes(action) && note === undefined) {
    throw validationError([{ path: 'note', message: 'is required', key: 'required' }], {
      message: `To ${action} a claim needs a note for the owner`,
    });
  }
  let patch: Partial<repo.ClaimInsert> = {};
  if (action === 'self-assign') patch = { assigneeStaffId: actor.staffId };
  if (action === 'transfer') {
    if (input.assigneeStaffId === undefined || input.assigneeStaffId.trim() === '') {
      throw validationError([{ path: 'assignee', message: 'is required', key: 'required' }], {
        message: 'A transfer names the staff member who takes the claim',
      });
    }
    patch = { assigneeStaffId: input.assigneeStaffId.trim() };
  }
  if (action === 'request-update') patch = { requestNote: note ?? null };
  if (action === 'approve' || action === 'pre-approve') {
    const amount = input.amount ?? row.amountClaimed;
    if (!(amount >= 0) || amount > row.amountClaimed || cents(amount) !== amount) {
      throw invalid(
        'amount',
        `must be whole cents from 0 to the amount claimed ${row.amountClaimed}`,
      );
    }
    patch = { amountApproved: amount };
  }
  if (action === 'settle' && claimMove('settle', row.status as ClaimStatus) !== undefined) {
    patch = await settleMoney(db, row, now);
  }
  await act(db, row, action, actor, now, {
    note,
    patch,
    details: input.amount === undefined ? {} : { amount: input.amount },
    messenger,
  });
  return claimAnswer(db, id);
}

// ---------------------------------------------------------------- panel claims (decision 292)

const PANEL_RULE: Extract<ClaimActor, { kind: 'insurer' }> = {
  kind: 'insurer',
  staffId: PANEL_RULE_STAFF_ID,
  role: 'claims',
};

export interface PanelVisit {
  visitId: number;
  policyId: number;
  memberId: number;
  venueId: number;
  /** The benefit the visit used: the service's category (general-practitioner, body-check…). */
  benefit: string;
  visitDate: string;
  /** What the insurer pays the clinic: the member price (the amount charged when none). */
  amount: number;
}

/**
 * A visit opened at a network clinic makes its panel claim at once, created and submitted by the
 * clinic: from then it counts (decision 183: an open visit is a use). Once per visit; answers it.
 */
export async function openPanelClaim(
  db: Database,
  visit: PanelVisit,
  now: Now,
): Promise<repo.ClaimRow> {
  const found = await repo.findClaimOfVisit(db, visit.visitId);
  if (found !== null) return found;
  const party = await repo.firstInsuredParty(db, visit.policyId);
  const clinic: ClaimActor = { kind: 'medical-provider', venueId: visit.venueId };
  const row = await repo.insertClaim(db, {
    policyId: visit.policyId,
    insuredPartyId: party?.id ?? null,
    memberId: visit.memberId,
    type: 'panel',
    cause: 'illness',
    status: 'open',
    benefit: visit.benefit,
    serviceDate: visit.visitDate,
    units: 1,
    amountClaimed: visit.amount,
    venueId: visit.venueId,
    visitId: visit.visitId,
    createDate: now.instant,
    updateDate: now.instant,
  });
  await repo.addAction(db, {
    claimId: row.id,
    action: 'create',
    fromStatus: null,
    toStatus: 'open',
    actorKind: 'medical-provider',
    actorId: actorId(clinic),
    createDate: now.instant,
  });
  return act(db, row, 'submit', clinic, now, { patch: { submitDate: now.instant } });
}

/**
 * A visit closed at the counter (or a body check, or a visit closed unpaid at day end at HK$0)
 * settles its panel claim: approved at `amount`, payment requested and confirmed and settled to
 * the clinic by the panel rule, each step in the history. A claim already settled is left alone.
 */
export async function recordPanelClaim(db: Database, visit: PanelVisit, now: Now): Promise<void> {
  let row = await openPanelClaim(db, visit, now);
  if (row.status !== 'approval-requested') return;
  row = await act(db, row, 'approve', PANEL_RULE, now, {
    patch: { benefit: visit.benefit, amountClaimed: visit.amount, amountApproved: visit.amount },
  });
  row = await act(db, row, 'request-payment', PANEL_RULE, now);
  row = await act(db, row, 'confirm-payment', PANEL_RULE, now);
  await act(db, row, 'settle', PANEL_RULE, now, { patch: await settleMoney(db, row, now) });
}

/**
 * A corrected visit adjusts its panel claim: a paid claim is reopened (escalate → adjusting
 * approval), approved at the new amount (0 and no use when the visit is void) and settled again,
 * the difference a refund or a further payout.
 */
export async function adjustPanelClaim(
  db: Database,
  visitId: number,
  change: { amount: number; void: boolean; note: string },
  now: Now,
): Promise<void> {
  let row = await repo.findClaimOfVisit(db, visitId);
  if (row?.status === 'approval-requested' && change.void) {
    await act(db, row, 'decline', PANEL_RULE, now, { note: change.note });
    return;
  }
  if (row === null || row.status !== 'paid') return;
  const amount = change.void ? 0 : change.amount;
  if (amount === row.amountApproved && !change.void) return;
  row = await act(db, row, 'escalate', PANEL_RULE, now, { note: change.note });
  row = await act(db, row, 'approve', PANEL_RULE, now, {
    note: change.note,
    patch: { amountApproved: amount, ...(change.void ? { units: 0 } : {}) },
    details: { amount, void: change.void },
  });
  await act(db, row, 'settle', PANEL_RULE, now, { patch: await settleMoney(db, row, now) });
}

// ---------------------------------------------------------------- use (decision 292)

export { listUsage, memberUnits } from './claims.repository';
