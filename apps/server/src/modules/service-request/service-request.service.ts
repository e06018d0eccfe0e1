// Service request rules (decisions 080–082, 084): who may create which change on which policy,
// the proposed effective dates the product option rules allow, the customer's moves (submit,
// cancel), the operator's moves (offer, approve, reject, complete) and what completion changes
// on the policy. Every move locks the request row and changes nothing when refused.
import { maskHkid, isValidHkid } from '@clinicpass/shared/identity/hkid';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import type { ServiceRequestBodySchema } from '@clinicpass/shared/platform/bodies';
import type {
  DiscountProjection,
  PolicyServiceRequest,
  ServiceRequestFlowPage,
} from '@clinicpass/shared/platform/entities/policy';
import type {
  PolicyModificationType,
  ServiceRequestStatus,
} from '@clinicpass/shared/platform/enums';
import {
  ACTIVE_POLICY_STATUSES,
  CANCELLABLE_SERVICE_REQUEST_STATUSES,
  canMove,
  SUBMITTABLE_SERVICE_REQUEST_STATUSES,
} from '@clinicpass/shared/platform/transitions';
import { addDays, compareDates } from '@clinicpass/shared/time/clock';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { hkidLookupHash } from '../../lib/hkid-hash';
import * as policyService from '../policy/policy.service';
import * as underwriting from '../underwriting/underwriting.service';
import * as repo from './service-request.repository';

export interface Caller {
  userId: string;
}

export interface Now {
  today: string;
  instant: Date;
}

type Body = z.output<typeof ServiceRequestBodySchema>;

// ---------------------------------------------------------------- rules (decisions 080–082)

/** Statuses in which a request is still on its way: a policy has at most one such request. */
export const IN_PROGRESS_STATUSES = [
  'draft',
  'open',
  'offered',
  'approved',
] as const satisfies readonly ServiceRequestStatus[];

/** Product option types each product change may take (decision 081). */
export const OPTION_TYPES_OF: Record<
  Extract<PolicyModificationType, 'PRODUCT_UPGRADE' | 'PRODUCT_DOWNGRADE'>,
  readonly string[]
> = {
  PRODUCT_UPGRADE: [
    'upgrade',
    'cross-sell',
    'supplementary',
    'rider',
    'sum-assured-increase',
    'switchable',
    'self-switchable',
    'anniversary-switchable',
    'alternative',
  ],
  PRODUCT_DOWNGRADE: [
    'downgrade',
    'sum-assured-decrease',
    'switchable',
    'self-switchable',
    'anniversary-switchable',
    'alternative',
  ],
};

/** A product change on a term policy (no anniversary): from 30 days ahead, up to a year ahead. */
export const TERM_CHANGE_WINDOW = { fromDays: 30, toDays: 365 } as const;
/** Identity document changes: from today up to 90 days ahead. */
export const DOCUMENT_CHANGE_WINDOW = { fromDays: 0, toDays: 90 } as const;

/** The ordered pages of each type's flow (decision 081). */
export const FLOWS: Record<PolicyModificationType, { flow: string; pages: readonly string[] }> = {
  PRODUCT_UPGRADE: {
    flow: 'product-upgrade',
    pages: ['options', 'suboptions', 'underwriting', 'terms', 'premium-payment', 'submitted'],
  },
  PRODUCT_DOWNGRADE: {
    flow: 'product-downgrade',
    pages: ['options', 'suboptions', 'terms', 'submitted'],
  },
  ADD_IL_BIRTH_CERTIFICATE: {
    flow: 'add-il-birth-certificate',
    pages: ['details', 'document', 'confirmation', 'submitted'],
  },
  IDENTITY_VERIFICATION_CHANGE: {
    flow: 'identity-verification-change',
    pages: ['details', 'identity-verification', 'confirmation', 'submitted'],
  },
};

const isProductChange = (type: PolicyModificationType) =>
  type === 'PRODUCT_UPGRADE' || type === 'PRODUCT_DOWNGRADE';

function notFound(id: number | string): AppError {
  return new AppError('not_found', { message: `No service request ${id}` });
}

function invalidField(path: string, message: string): AppError {
  const key =
    message === 'is required' || message.startsWith('is required ') ? 'required' : 'invalid';
  return validationError([{ path: `body.${path}`, message, key }]);
}

function refuse(action: string, status: string): AppError {
  return new AppError('invalid_state_transition', {
    message: `A service request cannot be ${action} while it is ${status}`,
    details: { status },
  });
}

// ---------------------------------------------------------------- shapes

export function toRequest(row: repo.RequestRow): PolicyServiceRequest {
  return {
    id: row.id,
    status: row.status as ServiceRequestStatus,
    policy: row.policyNumber,
    type: row.type as PolicyModificationType,
    proposed_effective_date: row.proposedEffectiveDate,
    product_change:
      row.toProductCode === null
        ? null
        : { from_product: row.fromProductCode, to_product: row.toProductCode },
    underwriting_case_id: row.underwritingCaseId,
    profile_mapping_change: row.profileMappingChange,
    identity_verification_change: row.identityVerificationChange,
    create_date: row.createDate.toISOString(),
    update_date: row.updateDate.toISOString(),
  };
}

async function requireRequest(db: Database, caller: Caller, id: number, lock = false) {
  const row = await repo.findRequest(db, id, { ownerUserId: caller.userId, lock });
  if (!row) throw notFound(id);
  return row;
}

// ---------------------------------------------------------------- reads

export async function listRequests(
  db: Database,
  caller: Caller,
  query: {
    policy_number?: string | undefined;
    status?: ServiceRequestStatus | undefined;
    ordering?: string | undefined;
    search?: string | undefined;
    type__in?: PolicyModificationType[] | undefined;
  },
  window: { offset: number; limit: number },
): Promise<{ items: PolicyServiceRequest[]; total: number }> {
  const { rows, total } = await repo.listRequests(
    db,
    {
      ownerUserId: caller.userId,
      policyNumber: query.policy_number,
      status: query.status,
      types: query.type__in,
      search: query.search === '' ? undefined : query.search,
    },
    query.ordering,
    window,
  );
  return { items: rows.map(toRequest), total };
}

export async function getRequest(
  db: Database,
  caller: Caller,
  id: number,
): Promise<PolicyServiceRequest> {
  return toRequest(await requireRequest(db, caller, id));
}

// ---------------------------------------------------------------- create

/** The proposed effective date: the given one if the rules allow it, else the default. */
function effectiveDate(
  given: string | undefined,
  today: string,
  allowed: { from: string; to: string; only?: string },
): string {
  if (given !== undefined && compareDates(given, today) < 0) {
    throw new AppError('invalid_proposed_effective_date', {
      message: `The proposed effective date ${given} is in the past`,
      details: { issues: [{ path: 'body.proposed_effective_date', message: 'is in the past' }] },
    });
  }
  const date = given ?? allowed.only ?? allowed.from;
  const fits =
    allowed.only === undefined
      ? compareDates(allowed.from, date) <= 0 && compareDates(date, allowed.to) <= 0
      : date === allowed.only;
  if (!fits) {
    throw new AppError('proposed_effective_date_not_allowed', {
      message:
        allowed.only === undefined
          ? `The change can take effect from ${allowed.from} to ${allowed.to}`
          : `The change can take effect only on the policy anniversary, ${allowed.only}`,
      details: { allowed },
    });
  }
  return date;
}

/** A document number checked for its type; the masked form is what is kept and answered. */
function checkDocument(document: NonNullable<Body['identity_document']>): string {
  const number = document.number;
  if (document.type === 'passport') {
    const compact = number.toUpperCase().replace(/\s+/g, '');
    if (!/^[A-Z0-9]{5,20}$/.test(compact)) {
      throw invalidField('identity_document.number', 'is not a passport number');
    }
    return `${'*'.repeat(compact.length - 3)}${compact.slice(-3)}`;
  }
  if (!isValidHkid(number)) {
    throw invalidField(
      'identity_document.number',
      document.type === 'hong-kong-birth-certificate'
        ? 'is not a Hong Kong birth certificate number (the HKID format)'
        : 'is not a valid HKID',
    );
  }
  return maskHkid(number);
}

async function productChangeOf(
  db: Database,
  caller: Caller,
  today: string,
  policy: policyService.PolicyRow,
  body: Body,
  type: 'PRODUCT_UPGRADE' | 'PRODUCT_DOWNGRADE',
) {
  if (body.to_product === undefined) {
    throw invalidField('to_product', 'is required for a product change');
  }
  if (body.identity_document !== undefined) {
    throw invalidField('identity_document', 'is not taken by a product change');
  }
  const options = await policyService.listProductOptions(db, caller, today, policy.id);
  const option = options.find(
    (o) => o.to_product === body.to_product && OPTION_TYPES_OF[type].includes(o.type),
  );
  if (!option) {
    throw invalidField(
      'to_product',
      `is not a product option of ${policy.policyNumber} for ${type === 'PRODUCT_UPGRADE' ? 'an upgrade' : 'a downgrade'}`,
    );
  }
  if (!option.is_eligible) {
    const failed = option.eligibilities.filter((rule) => !rule.is_eligible).map((r) => r.rule);
    const code = failed.includes('policy-active')
      ? 'invalid_state_transition'
      : failed.includes('issue-age')
        ? 'issue_age_out_of_range'
        : 'proposed_effective_date_not_allowed';
    throw new AppError(code, {
      message: `${policy.policyNumber} is not eligible for ${option.to_product}: ${failed.join(', ')}`,
      details: { failed_rules: failed },
    });
  }
  const target = await repo.findProductByCode(db, option.to_product);
  if (!target) throw invalidField('to_product', 'is not a product');
  const detail = await policyService.getPolicyDetail(db, caller, today, policy.id);
  const date = effectiveDate(
    body.proposed_effective_date,
    today,
    detail.renewal_date === null
      ? {
          from: addDays(today, TERM_CHANGE_WINDOW.fromDays),
          to: addDays(today, TERM_CHANGE_WINDOW.toDays),
        }
      : { from: detail.renewal_date, to: detail.renewal_date, only: detail.renewal_date },
  );
  return { target, optionType: option.type, date };
}

export async function createRequest(
  db: Database,
  caller: Caller,
  now: Now,
  body: Body,
  secretKey: string,
): Promise<PolicyServiceRequest> {
  const found = await policyService.findOwnedPolicyByNumber(db, caller.userId, body.policy_number);
  if (!found) {
    throw new AppError('not_found', { message: `No policy ${body.policy_number}` });
  }
  if (!(await policyService.lockOwnedPolicy(db, caller.userId, found.id))) {
    throw new AppError('not_found', { message: `No policy ${body.policy_number}` });
  }
  const status = policyService.toSpecStatus(found.status);
  if (!canMove(ACTIVE_POLICY_STATUSES, status)) {
    throw new AppError('invalid_state_transition', {
      message: `A policy cannot be changed while it is ${status}`,
      details: { status },
    });
  }
  if ((await repo.countInProgress(db, found.id, IN_PROGRESS_STATUSES)) > 0) {
    throw new AppError('service_request_in_progress', {
      message: `${found.policyNumber} has a request in progress: finish or cancel it first`,
    });
  }
  const type = body.type;
  let values: Omit<Parameters<typeof repo.createRequest>[1], 'now'>;
  if (type === 'PRODUCT_UPGRADE' || type === 'PRODUCT_DOWNGRADE') {
    const change = await productChangeOf(db, caller, now.today, found, body, type);
    const caseId =
      type === 'PRODUCT_UPGRADE'
        ? await underwriting.openCase(db, caller.userId, change.target.id, now)
        : null;
    values = {
      policyId: found.id,
      type,
      proposedEffectiveDate: change.date,
      fromProductId: found.productId,
      toProductId: change.target.id,
      optionType: change.optionType,
      underwritingCaseId: caseId,
    };
  } else {
    if (body.to_product !== undefined) {
      throw invalidField('to_product', 'is taken only by a product change');
    }
    const document = body.identity_document;
    if (document === undefined) throw invalidField('identity_document', 'is required');
    if (type === 'ADD_IL_BIRTH_CERTIFICATE') {
      if (document.type !== 'hong-kong-birth-certificate') {
        throw invalidField('identity_document.type', 'must be hong-kong-birth-certificate');
      }
      if (document.role !== 'insured-life') {
        throw invalidField('identity_document.role', 'must be insured-life');
      }
    }
    const masked = checkDocument(document);
    const date = effectiveDate(body.proposed_effective_date, now.today, {
      from: addDays(now.today, DOCUMENT_CHANGE_WINDOW.fromDays),
      to: addDays(now.today, DOCUMENT_CHANGE_WINDOW.toDays),
    });
    const change = {
      role: document.role,
      identity_document_type: document.type,
      identity_document_number: masked,
    };
    values = {
      policyId: found.id,
      type,
      proposedEffectiveDate: date,
      fromProductId: found.productId,
      ...(type === 'ADD_IL_BIRTH_CERTIFICATE'
        ? { profileMappingChange: change }
        : { identityVerificationChange: change }),
      documentNumberHash:
        document.type === 'passport' ? null : hkidLookupHash(secretKey, document.number),
    };
  }
  const id = await repo.createRequest(db, { ...values, now: now.instant });
  return getRequest(db, caller, id);
}

// ---------------------------------------------------------------- customer moves

/** draft → open. An upgrade needs its underwriting case completed with an acceptable result. */
export async function submitRequest(
  db: Database,
  caller: Caller,
  now: Now,
  id: number,
): Promise<PolicyServiceRequest> {
  const row = await requireRequest(db, caller, id, true);
  if (!canMove(SUBMITTABLE_SERVICE_REQUEST_STATUSES, row.status)) {
    throw refuse('submitted', row.status);
  }
  if (compareDates(row.proposedEffectiveDate, now.today) < 0) {
    throw new AppError('proposed_effective_date_not_allowed', {
      message: `The proposed effective date ${row.proposedEffectiveDate} has passed: cancel and make a new request`,
    });
  }
  if (row.type === 'PRODUCT_UPGRADE') {
    const found =
      row.underwritingCaseId === null
        ? null
        : await underwriting.findCase(db, caller, row.underwritingCaseId, now.today);
    if (!found) {
      throw new AppError('missing_underwriting_case', {
        message: 'This upgrade has no health questions',
      });
    }
    if (!found.is_complete) {
      throw new AppError('incomplete_underwriting_case', {
        message:
          found.status === 'expired'
            ? 'The health questions expired: cancel and make a new request'
            : 'Answer the health questions and get the result first',
      });
    }
    if (found.result === 'POSTPONE') {
      throw new AppError('postponed_underwriting_case', {
        message: 'The health questions postpone this change',
      });
    }
    if (found.result === 'REJECTION') {
      throw new AppError('rejected_underwriting_case', {
        message: 'The health questions do not allow this change',
      });
    }
  }
  await repo.setStatus(db, id, 'open', now.instant, 'submitted by the customer');
  return getRequest(db, caller, id);
}

/** draft, open or offered → canceled. */
export async function cancelRequest(
  db: Database,
  caller: Caller,
  now: Now,
  id: number,
): Promise<PolicyServiceRequest> {
  const row = await requireRequest(db, caller, id, true);
  if (!canMove(CANCELLABLE_SERVICE_REQUEST_STATUSES, row.status)) {
    throw refuse('cancelled', row.status);
  }
  await repo.setStatus(db, id, 'canceled', now.instant, 'cancelled by the customer');
  return getRequest(db, caller, id);
}

// ---------------------------------------------------------------- flow page, projection

/** Where a request stands in its flow (decision 081). */
export async function getFlowPage(
  db: Database,
  caller: Caller,
  today: string,
  id: number,
): Promise<ServiceRequestFlowPage> {
  const row = await requireRequest(db, caller, id);
  const type = row.type as PolicyModificationType;
  const { flow, pages } = FLOWS[type];
  const at = (page: string, isEnd: boolean, callback: string | null): ServiceRequestFlowPage => ({
    page,
    flow,
    sequence: pages.indexOf(page),
    is_end: isEnd,
    callback_code: callback,
  });
  if (row.status !== 'draft') return at('submitted', true, row.status);
  if (type === 'PRODUCT_UPGRADE') {
    const found =
      row.underwritingCaseId === null
        ? null
        : await underwriting.findCase(db, caller, row.underwritingCaseId, today);
    if (!found || !found.is_complete) {
      return at('underwriting', false, found?.status === 'expired' ? 'underwriting-expired' : null);
    }
    if (found.result === 'REJECTION') return at('underwriting', true, 'underwriting-rejection');
    if (found.result === 'POSTPONE') return at('underwriting', true, 'underwriting-postponement');
    return at('terms', false, `underwriting-${(found.result ?? 'standard').toLowerCase()}`);
  }
  if (type === 'PRODUCT_DOWNGRADE') return at('terms', false, null);
  return at('confirmation', false, null);
}

/**
 * The premium projection of the proposed product option (the policy's own product for a
 * document change), priced by modules/policy's projection for the insured life today.
 */
export async function getProjection(
  db: Database,
  caller: Caller,
  today: string,
  id: number,
  years: number,
): Promise<DiscountProjection> {
  const row = await requireRequest(db, caller, id);
  if (row.toProductCode === null) {
    return policyService.getProjection(db, caller, today, row.policyId, {
      mode: 'premium',
      projection_years: years,
    });
  }
  return policyService.projectPremium(db, caller, today, row.policyNumber, {
    product_code: row.toProductCode,
    projection_years: years,
  });
}

// ---------------------------------------------------------------- operator moves (decision 084)

export const OPERATOR_ACTIONS = ['offer', 'approve', 'reject', 'complete'] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

const OPERATOR_MOVES: Record<
  OperatorAction,
  { from: readonly ServiceRequestStatus[]; to: ServiceRequestStatus; verb: string }
> = {
  offer: { from: ['open'], to: 'offered', verb: 'offered' },
  approve: { from: ['open', 'offered'], to: 'approved', verb: 'approved' },
  reject: { from: ['open', 'offered'], to: 'rejected', verb: 'rejected' },
  complete: { from: ['approved'], to: 'completed', verb: 'completed' },
};

/** Applies a completed request to its policy and records a policy event. */
async function applyChange(db: Database, row: repo.RequestRow, now: Now): Promise<void> {
  const type = row.type as PolicyModificationType;
  const payload: Record<string, unknown> = {
    service_request: row.id,
    type,
    effective_date: row.proposedEffectiveDate,
  };
  if (isProductChange(type) && row.toProductId !== null) {
    await repo.setPolicyProduct(db, row.policyId, row.toProductId, now.instant);
    payload.from_product = row.fromProductCode;
    payload.to_product = row.toProductCode;
    if (row.underwritingCaseId !== null && row.ownerUserId !== null) {
      const found = await underwriting.findCase(
        db,
        { userId: row.ownerUserId },
        row.underwritingCaseId,
        now.today,
      );
      if (found) {
        payload.underwriting_result = found.result;
        payload.decisions = found.decisions;
      }
    }
    await policyService.addEvent(db, {
      policyId: row.policyId,
      eventType: 'product-changed',
      payload,
      createDate: now.instant,
    });
    return;
  }
  const change = (row.profileMappingChange ?? row.identityVerificationChange ?? {}) as {
    role?: string;
    identity_document_type?: string;
  };
  if (change.role !== undefined && change.identity_document_type !== undefined) {
    await repo.setPartyDocumentType(db, row.policyId, change.role, change.identity_document_type);
  }
  await policyService.addEvent(db, {
    policyId: row.policyId,
    eventType: 'identity-document-changed',
    payload: { ...payload, ...change },
    createDate: now.instant,
  });
}

/**
 * Moves a request on as the insurer would: offer (open → offered), approve (open, offered →
 * approved), reject (open, offered → rejected), complete (approved → completed, on or after
 * the proposed effective date; applies the change to the policy). Any other move is 409.
 */
export async function operatorMove(
  db: Database,
  now: Now,
  id: number,
  action: OperatorAction,
  reason: string | null = null,
): Promise<PolicyServiceRequest> {
  const row = await repo.findRequest(db, id, { lock: true });
  if (!row) throw notFound(id);
  const move = OPERATOR_MOVES[action];
  if (!canMove(move.from, row.status)) throw refuse(move.verb, row.status);
  if (action === 'complete') {
    if (compareDates(now.today, row.proposedEffectiveDate) < 0) {
      throw new AppError('invalid_state_transition', {
        message: `A service request cannot be completed before its effective date ${row.proposedEffectiveDate}`,
        details: { status: row.status, proposed_effective_date: row.proposedEffectiveDate },
      });
    }
    await repo.lockPolicy(db, row.policyId);
    await applyChange(db, row, now);
  }
  await repo.setStatus(db, id, move.to, now.instant, reason ?? `${move.verb} by the insurer`);
  const moved = await repo.findRequest(db, id);
  if (!moved) throw new Error('service request vanished');
  return toRequest(moved);
}

/** Completes every approved request whose effective date has come; answers their ids. */
export async function completeDueRequests(database: Database, now: Now): Promise<number[]> {
  const ids = await repo.listDueIds(database, now.today);
  const done: number[] = [];
  for (const id of ids) {
    await database.transaction(async (tx) => {
      const row = await repo.findRequest(tx, id, { lock: true });
      if (row?.status !== 'approved') return;
      await operatorMove(tx, now, id, 'complete', 'completed on its effective date');
      done.push(id);
    });
  }
  return done;
}

/** The back office's queue (decision 297): every owner's requests in `statuses`, oldest first. */
export async function listRequestsForStaff(
  db: Database,
  statuses: readonly ServiceRequestStatus[],
): Promise<PolicyServiceRequest[]> {
  return (await repo.listRequestsInStatuses(db, statuses)).map(toRequest);
}

/** A request of any owner, or null (the back office's audit of a move). */
export async function findRequestForStaff(
  db: Database,
  id: number,
): Promise<PolicyServiceRequest | null> {
  const row = await repo.findRequest(db, id);
  return row === null ? null : toRequest(row);
}
