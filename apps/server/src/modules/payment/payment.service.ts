// Payment method rules: ownership (another customer's method is not found), the default
// method, deactivation, card checks and profile mappings (decisions 070–072).
import { AppError } from '@clinicpass/shared/errors/app-error';
import type {
  PaymentMethodBodySchema,
  PaymentMethodProfileMappingBody,
  ValidateCardBody,
} from '@clinicpass/shared/platform/bodies';
import { cardError } from '@clinicpass/shared/platform/card';
import type {
  DefaultPaymentMethod,
  PaymentMethod,
  PaymentMethodProfileMapping,
} from '@clinicpass/shared/platform/entities/billing';
import type {
  PaymentGateway,
  PaymentMethodStatus,
  ProfileMappingRole,
} from '@clinicpass/shared/platform/enums';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Caller, Now } from '../policy/policy.service';
import { type CardProvider, cardLabel, type ProviderEvent } from './card-provider';
import * as repo from './payment.repository';

export type { Caller, Now } from '../policy/policy.service';

function notFound(what: string): AppError {
  return new AppError('not_found', { message: `No ${what}` });
}

/** Whether a method may pay a billing: active and verified (decision 051). */
export function isUsable(row: repo.PaymentMethodRow): boolean {
  return row.status === 'active' && row.isVerified;
}

// ---------------------------------------------------------------- shapes

function toMapping(row: repo.ProfileMappingRow): PaymentMethodProfileMapping {
  return {
    id: row.id,
    role: row.role as ProfileMappingRole,
    payment_method_id: row.paymentMethodId,
    profile: row.profileId,
  };
}

/** The methods as the API shows them, with their default flag, billings and mappings. */
export async function toMethods(
  db: Database,
  userId: string,
  rows: repo.PaymentMethodRow[],
): Promise<PaymentMethod[]> {
  const ids = rows.map((row) => row.id);
  // One after the other: inside a transaction the queries share one connection.
  const use = await repo.billingUse(db, ids);
  const mappings = await repo.listMappingsOfMethods(db, ids);
  const defaultRow = await repo.findDefault(db, userId);
  return rows.map((row) => ({
    id: row.id,
    user_id: row.userId,
    gateway: row.gateway as PaymentGateway,
    display_data: {
      label: row.label,
      brand: row.brand,
      last4: row.last4,
      exp_month: row.expMonth,
      exp_year: row.expYear,
      holder_name: row.holderName,
    },
    status: row.status as PaymentMethodStatus,
    is_verified: row.isVerified,
    is_default: defaultRow?.paymentMethodId === row.id,
    has_billings: use.get(row.id)?.any ?? false,
    payment_method_profiles: mappings
      .filter((mapping) => mapping.paymentMethodId === row.id)
      .map(toMapping),
    create_date: row.createDate.toISOString(),
    update_date: row.updateDate.toISOString(),
  }));
}

async function toMethod(db: Database, userId: string, row: repo.PaymentMethodRow) {
  const [method] = await toMethods(db, userId, [row]);
  if (!method) throw new Error('payment method not shaped');
  return method;
}

// ---------------------------------------------------------------- methods

export async function listMethods(
  db: Database,
  caller: Caller,
  filters: { status?: string | undefined; gateway?: string | undefined },
  window: { offset: number; limit: number },
): Promise<{ items: PaymentMethod[]; total: number }> {
  const { rows, total } = await repo.listMethods(db, { userId: caller.userId, ...filters }, window);
  return { items: await toMethods(db, caller.userId, rows), total };
}

export async function requireMethod(
  db: Database,
  caller: Caller,
  id: number,
  lock?: 'update',
): Promise<repo.PaymentMethodRow> {
  const row = await repo.findOwnedMethod(db, caller.userId, id, lock);
  if (!row) throw notFound('payment method');
  return row;
}

export async function getMethod(db: Database, caller: Caller, id: number): Promise<PaymentMethod> {
  return toMethod(db, caller.userId, await requireMethod(db, caller, id));
}

/** Display data of a non-card method: its kind and the last four characters of its reference. */
function accountLabel(gateway: Exclude<PaymentGateway, 'stripe-card'>, token: string): string {
  const names = {
    'bank-transfer': 'Bank transfer',
    cheque: 'Cheque',
    partner: 'Partner',
    fps: 'FPS',
  } as const;
  return `${names[gateway]} •••• ${token.slice(-4)}`;
}

/**
 * Adds a method. A card token is resolved by the card provider (verified on the spot, as a
 * confirmed setup intent is); other gateways wait for the bank's confirmation, unverified.
 */
export async function createMethod(
  db: Database,
  caller: Caller,
  now: Now,
  body: z.output<typeof PaymentMethodBodySchema>,
  cards: CardProvider,
): Promise<PaymentMethod> {
  const common = {
    userId: caller.userId,
    status: 'active',
    holderName: body.holder_name ?? null,
    createDate: now.instant,
    updateDate: now.instant,
  };
  let row: repo.PaymentMethodRow;
  if (body.gateway === 'stripe-card') {
    const card = await cards.resolveCard(body.token, caller.userId, Number(now.today.slice(0, 4)));
    row = await repo.insertMethod(db, {
      ...common,
      gateway: body.gateway,
      isVerified: true,
      label: cardLabel(card.brand, card.last4),
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      gatewayReference: card.reference,
    });
  } else {
    row = await repo.insertMethod(db, {
      ...common,
      gateway: body.gateway,
      isVerified: false,
      label: accountLabel(body.gateway, body.token),
      gatewayReference: body.token,
    });
  }
  if (body.is_default) {
    if (!isUsable(row)) {
      throw new AppError('payment_method_not_usable', {
        message: 'Only a verified payment method can be the default',
        details: { issues: [{ path: 'body.is_default', message: 'method is not verified' }] },
      });
    }
    await repo.upsertDefault(db, caller.userId, row.id, now.instant);
  }
  return toMethod(db, caller.userId, row);
}

/**
 * Deactivates a method. Refused (409, nothing changed) when it is not active, or while an active
 * billing is paid by it (the default or not: a billing would be left without a way to pay).
 */
export async function deactivateMethod(
  db: Database,
  caller: Caller,
  now: Now,
  id: number,
): Promise<PaymentMethod> {
  const row = await requireMethod(db, caller, id, 'update');
  if (row.status !== 'active') {
    throw new AppError('invalid_state_transition', {
      message: `A payment method that is ${row.status} cannot be deactivated`,
    });
  }
  const use = (await repo.billingUse(db, [row.id])).get(row.id);
  const defaultRow = await repo.findDefault(db, caller.userId);
  const isDefault = defaultRow?.paymentMethodId === row.id;
  if (use?.active) {
    throw new AppError('payment_method_in_use', {
      message: isDefault
        ? 'This is your default payment method and it pays an active billing: set another default and move the billing first'
        : 'This payment method pays an active billing: move the billing to another method first',
    });
  }
  await repo.setMethodStatus(db, row.id, 'inactive', now.instant);
  if (isDefault) await repo.clearDefault(db, caller.userId);
  return toMethod(db, caller.userId, { ...row, status: 'inactive', updateDate: now.instant });
}

// ---------------------------------------------------------------- default

export async function getDefault(db: Database, caller: Caller): Promise<DefaultPaymentMethod> {
  const row = await repo.findDefault(db, caller.userId);
  if (!row) throw notFound('default payment method');
  const method = await requireMethod(db, caller, row.paymentMethodId);
  return {
    id: row.id,
    user: row.userId,
    payment_method: await toMethod(db, caller.userId, method),
  };
}

/**
 * Sets the default. `mode: 'first'` (POST) refuses when one is set already; `'replace'` (PUT)
 * sets or replaces it. The method must be the caller's own, active and verified.
 */
export async function setDefault(
  db: Database,
  caller: Caller,
  now: Now,
  methodId: number,
  mode: 'first' | 'replace',
): Promise<DefaultPaymentMethod> {
  const method = await usableMethod(db, caller, methodId, 'payment_method_id');
  if (mode === 'first' && (await repo.findDefault(db, caller.userId)) !== null) {
    throw new AppError('conflict', {
      message: 'A default payment method is set already: replace it with PUT',
    });
  }
  const row = await repo.upsertDefault(db, caller.userId, method.id, now.instant);
  return {
    id: row.id,
    user: row.userId,
    payment_method: await toMethod(db, caller.userId, method),
  };
}

/**
 * A method named in a body, for paying: the caller's own (else 404 `not_found`, the same answer
 * for another customer's id as for none, naming `field` — decision 072), active and verified
 * (else 409).
 */
export async function usableMethod(
  db: Database,
  caller: Caller,
  id: number,
  field: string,
): Promise<repo.PaymentMethodRow> {
  const row = await repo.findOwnedMethod(db, caller.userId, id, 'share');
  if (!row) {
    throw new AppError('not_found', {
      message: `No payment method ${id}`,
      details: {
        issues: [{ path: `body.${field}`, message: 'is not one of your payment methods' }],
      },
    });
  }
  if (!isUsable(row)) {
    throw new AppError('payment_method_not_usable', {
      message: `Payment method ${id} is ${row.isVerified ? row.status : 'not verified'}: choose an active, verified one`,
      details: { issues: [{ path: `body.${field}`, message: 'is not active and verified' }] },
    });
  }
  return row;
}

// ---------------------------------------------------------------- cards

/** Checks card details (never stored or logged): `{ success: true }` or the card's error. */
export function validateCard(now: Now, body: ValidateCardBody): { success: true } {
  const fault = cardError(body, now.today);
  if (fault !== null) throw new AppError(fault);
  return { success: true };
}

// ---------------------------------------------------------------- profile mappings

export async function listMappings(
  db: Database,
  caller: Caller,
  filters: {
    role?: string | undefined;
    paymentMethodId?: number | undefined;
    profileId?: number | undefined;
  },
  window: { offset: number; limit: number },
): Promise<{ items: PaymentMethodProfileMapping[]; total: number }> {
  const { rows, total } = await repo.listMappings(
    db,
    { userId: caller.userId, ...filters },
    window,
  );
  return { items: rows.map(toMapping), total };
}

/** Maps one of the caller's methods to a party of one of their policies; once per role. */
export async function createMapping(
  db: Database,
  caller: Caller,
  now: Now,
  body: PaymentMethodProfileMappingBody,
): Promise<PaymentMethodProfileMapping> {
  const method = await repo.findOwnedMethod(db, caller.userId, body.payment_method_id);
  if (!method) throw notFound('payment method');
  if (!(await repo.ownsProfile(db, caller.userId, body.profile))) throw notFound('profile');
  if ((await repo.findMapping(db, method.id, body.role, body.profile)) !== null) {
    throw new AppError('conflict', {
      message: 'This payment method is mapped to this profile in this role already',
    });
  }
  return toMapping(
    await repo.insertMapping(db, {
      paymentMethodId: method.id,
      role: body.role,
      profileId: body.profile,
      createDate: now.instant,
    }),
  );
}

// ---------------------------------------------------------------- provider notifications

export interface NotificationOutcome {
  received: true;
  /** The event was seen before: nothing changed this time. */
  duplicate: boolean;
  outcome: string;
}

/**
 * Records a verified provider notification once per event id (decision 287) and applies what it
 * means to the card method with that provider reference: verified again (setup succeeded),
 * unverified and no longer the default (detached at the provider), or its card details updated.
 * A replay answers the first outcome and changes nothing; an event of another type is recorded
 * as `ignored`.
 */
export async function recordNotification(
  db: Database,
  provider: string,
  event: ProviderEvent,
  now: Now,
): Promise<NotificationOutcome> {
  const claimed = await repo.claimProviderEvent(db, {
    id: event.id,
    provider,
    type: event.type,
    outcome: 'pending',
    receivedAt: now.instant,
  });
  if (!claimed) {
    const seen = await repo.findProviderEvent(db, event.id);
    return { received: true, duplicate: true, outcome: seen?.outcome ?? 'recorded' };
  }
  const notice = event.notice;
  let outcome: string = notice.kind;
  let methodId: number | null = null;
  if (
    notice.kind === 'method_verified' ||
    notice.kind === 'method_unverified' ||
    notice.kind === 'method_updated'
  ) {
    const row = await repo.findCardByReference(db, notice.reference);
    if (row === null) {
      outcome = 'recorded';
    } else {
      methodId = row.id;
      if (notice.kind === 'method_verified') {
        await repo.updateMethod(db, row.id, { isVerified: true, updateDate: now.instant });
      } else if (notice.kind === 'method_unverified') {
        await repo.updateMethod(db, row.id, { isVerified: false, updateDate: now.instant });
        const defaultRow = await repo.findDefault(db, row.userId);
        if (defaultRow?.paymentMethodId === row.id) await repo.clearDefault(db, row.userId);
      } else {
        const { card } = notice;
        await repo.updateMethod(db, row.id, {
          label: cardLabel(card.brand, card.last4),
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          updateDate: now.instant,
        });
      }
    }
  }
  await repo.settleProviderEvent(db, event.id, outcome, methodId);
  return { received: true, duplicate: false, outcome };
}
