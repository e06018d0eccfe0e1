// The claim state machine (spec platform-layer §4: 19 statuses, 20 named actions; "permitted
// source states: not shown"). One table, decision 290: for each action, who may take it and
// the moves it makes, each from a set of source statuses to one target (`null`: the status is
// unchanged, as for an assignment). The server refuses any other source with 409
// `invalid_state_transition`; the web offers only the actions that can succeed.
import type { ClaimAction, ClaimActorKind, ClaimStatus, ClaimType } from './enums';

export interface ClaimMove {
  from: readonly ClaimStatus[];
  /** The status the move leaves the claim in; `null` leaves it as it was. */
  to: ClaimStatus | null;
}

export interface ClaimTransition {
  /** The actor kinds that may take the action. */
  by: readonly ClaimActorKind[];
  /** `create` starts a claim: it has no source status. */
  moves: readonly ClaimMove[];
}

/** Statuses in which the insurer is working on the claim (an assignment may change in them). */
const WITH_INSURER = [
  'approval-requested',
  'update-requested',
  'updated',
  'escalated',
  'pending-third-party',
  'accepted',
  'shortfall-requested',
  'shortfall-settled',
  'payment-requested',
  'payment-approved',
  'adjusting-approval',
  'adjusting-payment',
] as const satisfies readonly ClaimStatus[];

/** Statuses awaiting the insurer's assessment (a decision may be taken in them). */
const TO_ASSESS = [
  'approval-requested',
  'updated',
  'escalated',
  'pending-third-party',
] as const satisfies readonly ClaimStatus[];

/** Decision 290: the one table of the claim's status moves. */
export const CLAIM_TRANSITIONS = {
  // The customer's (and, for a panel claim, the clinic's) moves.
  create: { by: ['customer', 'medical-provider'], moves: [{ from: [], to: 'open' }] },
  update: {
    by: ['customer'],
    moves: [
      // A saved draft is edited in place; an answer to a request goes back to the insurer.
      { from: ['open'], to: null },
      { from: ['update-requested'], to: 'updated' },
    ],
  },
  submit: {
    by: ['customer', 'medical-provider'],
    moves: [{ from: ['open'], to: 'approval-requested' }],
  },
  cancel: { by: ['customer'], moves: [{ from: ['open'], to: 'canceled' }] },
  withdraw: {
    by: ['customer'],
    moves: [
      {
        from: [
          'approval-requested',
          'update-requested',
          'updated',
          'escalated',
          'pending-third-party',
        ],
        to: 'withdrawn',
      },
    ],
  },
  // The insurer's moves.
  'self-assign': { by: ['insurer'], moves: [{ from: WITH_INSURER, to: null }] },
  transfer: { by: ['insurer'], moves: [{ from: WITH_INSURER, to: null }] },
  escalate: {
    by: ['insurer'],
    moves: [
      { from: ['approval-requested', 'updated', 'pending-third-party'], to: 'escalated' },
      // A paid claim reopened to change what it paid (a corrected clinic visit).
      { from: ['paid'], to: 'adjusting-approval' },
    ],
  },
  'request-update': {
    by: ['insurer'],
    moves: [{ from: ['approval-requested', 'updated', 'escalated'], to: 'update-requested' }],
  },
  'request-third-party': {
    by: ['insurer'],
    moves: [{ from: ['approval-requested', 'updated', 'escalated'], to: 'pending-third-party' }],
  },
  'cancel-request-third-party': {
    by: ['insurer'],
    moves: [{ from: ['pending-third-party'], to: 'approval-requested' }],
  },
  approve: {
    by: ['insurer'],
    moves: [
      { from: TO_ASSESS, to: 'accepted' },
      { from: ['adjusting-approval'], to: 'adjusting-payment' },
    ],
  },
  'pre-approve': { by: ['insurer'], moves: [{ from: TO_ASSESS, to: 'pre-approved' }] },
  decline: { by: ['insurer'], moves: [{ from: TO_ASSESS, to: 'declined' }] },
  'request-shortfall': {
    by: ['insurer'],
    moves: [{ from: ['accepted'], to: 'shortfall-requested' }],
  },
  'settle-shortfall': {
    by: ['insurer'],
    moves: [{ from: ['shortfall-requested'], to: 'shortfall-settled' }],
  },
  'request-payment': {
    by: ['insurer'],
    moves: [{ from: ['accepted', 'shortfall-settled'], to: 'payment-requested' }],
  },
  'confirm-payment': {
    by: ['insurer'],
    moves: [{ from: ['payment-requested'], to: 'payment-approved' }],
  },
  settle: {
    by: ['insurer'],
    moves: [{ from: ['payment-approved', 'adjusting-payment'], to: 'paid' }],
  },
  close: {
    by: ['insurer'],
    moves: [{ from: ['paid', 'declined', 'pre-approved'], to: 'closed' }],
  },
} as const satisfies Record<ClaimAction, ClaimTransition>;

/** The actions a customer takes in the portal. */
export const CUSTOMER_CLAIM_ACTIONS = [
  'create',
  'update',
  'submit',
  'cancel',
  'withdraw',
] as const satisfies readonly ClaimAction[];

/** The actions the insurer's staff take (the back office, issue 39). */
export const INSURER_CLAIM_ACTIONS = [
  'self-assign',
  'transfer',
  'escalate',
  'approve',
  'decline',
  'request-update',
  'request-third-party',
  'cancel-request-third-party',
  'pre-approve',
  'request-shortfall',
  'settle-shortfall',
  'settle',
  'request-payment',
  'confirm-payment',
  'close',
] as const satisfies readonly ClaimAction[];
export type InsurerClaimAction = (typeof INSURER_CLAIM_ACTIONS)[number];

/** Actions only a claim of these types may take (the others of the table apply to every type). */
export const CLAIM_ACTION_TYPES: Partial<Record<ClaimAction, readonly ClaimType[]>> = {
  'pre-approve': ['pre-approval'],
};

/** Types an `approve` does not apply to: a pre-approval is pre-approved, an estimation never moves. */
export const NOT_APPROVED_TYPES: readonly ClaimType[] = ['pre-approval', 'estimation'];

/** The status `action` leaves a claim in `status`, or `undefined` when it may not be taken. */
export function claimMove(action: ClaimAction, status: ClaimStatus): ClaimStatus | undefined {
  const transition: ClaimTransition = CLAIM_TRANSITIONS[action];
  const move = transition.moves.find((m) => m.from.includes(status));
  if (move === undefined) return undefined;
  return move.to ?? status;
}

/** The actions of `actor` that can be taken on a claim of `type` in `status`. */
export function claimActionsFrom(
  status: ClaimStatus,
  type: ClaimType,
  actor: ClaimActorKind,
): ClaimAction[] {
  return (Object.keys(CLAIM_TRANSITIONS) as ClaimAction[]).filter((action) => {
    const transition: ClaimTransition = CLAIM_TRANSITIONS[action];
    if (!transition.by.includes(actor)) return false;
    const types = CLAIM_ACTION_TYPES[action];
    if (types !== undefined && !types.includes(type)) return false;
    if (action === 'approve' && NOT_APPROVED_TYPES.includes(type)) return false;
    return claimMove(action, status) !== undefined;
  });
}

/**
 * Claims whose benefit use counts (the card, the portal's balance and the clinic's quota,
 * decision 292): accepted and on its way to payment or paid. A claim closed after payment
 * counts too (the caller checks it was paid).
 */
export const USE_COUNTING_CLAIM_STATUSES = [
  'accepted',
  'shortfall-requested',
  'shortfall-settled',
  'payment-requested',
  'payment-approved',
  'paid',
  'adjusting-approval',
  'adjusting-payment',
] as const satisfies readonly ClaimStatus[];
