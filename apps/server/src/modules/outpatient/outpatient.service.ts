// Rules of the member card (member-app §2.1, §4, §6; DESIGN "Personal data"): the look-up by
// HKID (or member code) + applicant phone, QR tickets, the member view token, medical cards,
// shared card links and the access rule "the signed-in owner of the policy, or the holder of a
// view token for it". Throws AppError; knows nothing of Fastify.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { PROVISION_SLUGS, MEMBER_VIEW_TOKEN_MINUTES } from '@clinicpass/shared/constants';
import type { MemberLookup } from '@clinicpass/shared/schemas/outpatient-lookup';
import {
  MEMBER_LOOKUP_FAILURE_LIMIT,
  MEMBER_LOOKUP_WINDOW_MINUTES,
  SHARED_CARD_LINK_DAYS,
  TICKET_TOKEN_HOURS,
  type CardType,
  type MedicalCard,
  type MemberSummary,
  type Ticket,
  type TicketType,
} from '@clinicpass/shared/schemas/outpatient';
import { hkDate, hkToday, isOnOrBefore, type Clock } from '@clinicpass/shared/time/clock';
import { createHash, createHmac } from 'node:crypto';
import type { Database } from '../../db/client';
import { hkidLookupHash } from '../../lib/hkid-hash';
import type { Identity } from '../../plugins/auth-context';
import * as limits from '../../plugins/limits';
import { bodyCheckEffectiveDate, bodyCheckState, policyYearEnd } from './body-check';
import * as repo from './outpatient.repository';
import type { MemberRow } from './outpatient.repository';
import { memberUsage, policyVisits } from './visit.service';
import {
  formatTicketNumber,
  hashToken,
  newTicketNumber,
  newToken,
  ticketNumberKey,
} from './tokens';

/** Tokens are stored as this SHA-256; clinic keys are stored the same way (decision 106). */
export { hashToken };

export interface OutpatientDeps {
  db: Database;
  clock: Clock;
  secretKey: string;
  /** Successful look-ups allowed an hour, per member and per client address (decision 251). */
  lookupLimits?: { perMember: number; perAddress: number };
}

/** Live ticket sets a member keeps: a new set revokes the older ones beyond it (decision 252). */
export const LIVE_TICKET_SETS = 5;
/** Days a revoked or expired ticket is kept (the counter answers "expired" meanwhile). */
export const ENDED_TICKET_DAYS = 7;
const HOUR_MS = 3_600_000;

/** Who is asking for a policy's tickets or cards. */
export interface Requester {
  identity: Identity | null;
  /** The raw `X-Member-View-Token` header, if any. */
  viewToken?: string | undefined;
}

const WINDOW_MS = MEMBER_LOOKUP_WINDOW_MINUTES * 60_000;
/** How long an identifier's failed look-ups raise its captcha's cost (decision 150). */
export const IDENTIFIER_FAILURE_WINDOW_MS = 24 * 3_600_000;
const COMPANY = 'ClinicPass Insurance';
/** The primary panel does not list these (member-app §3). */
const EXCLUDED_SERVICE_SLUGS = new Set(['pap-smear', 'telemedicine']);

const TICKET_NAMES: Record<TicketType, { en: string; zh: string; serviceTypes: string[] }> = {
  visit: {
    en: 'Outpatient consultation',
    zh: '門診診症',
    serviceTypes: ['general-practitioner', 'chinese-medicine'],
  },
  payment: {
    en: 'Consultation payment',
    zh: '診症付款',
    serviceTypes: ['general-practitioner', 'chinese-medicine'],
  },
  'body-check': { en: 'Body check', zh: '身體檢查', serviceTypes: ['bodycheck'] },
};

/** The one answer for every failed look-up, whatever was wrong. */
function lookupFailed(): AppError {
  return new AppError('not_found', {
    message: 'No membership matches this identity document number and phone number',
  });
}

function cardTypeOf(productType: string): CardType {
  if (productType === 'outpatient') return 'outpatient-card';
  if (productType === 'vhis') return 'inpatient-card';
  return 'medpass';
}

// ---------------------------------------------------------------- the look-up

export interface MemberTicketResult {
  tickets: Ticket[];
  member: MemberSummary;
  member_view_token: string;
  member_view_token_expires_at: string;
}

/** The captcha a look-up came with, and what the identifier's failures ask of it. */
export interface LookupCaptcha {
  /** The difficulty of the solved challenge (checked by the route). */
  solvedDifficulty: number;
  requiredDifficulty(failures: number): number;
}

/**
 * POST /outpatient/member-ticket (after its captcha, checked by the route). The captcha must be
 * as hard as the identifier's recent failures, from any address, ask (decision 150): else
 * `captcha_required` with the difficulty needed. Every attempt then reserves a failure on the
 * client address and on the identifier (one atomic statement); past the address limit the answer
 * is `limit_exceeded` whatever the details. A success gives the reservations back. Failures for
 * one HKID lock nobody out: they only make its captcha dearer, up to a cap (decision 091).
 */
export async function lookUpMember(
  deps: OutpatientDeps,
  input: MemberLookup,
  clientAddress: string,
  captcha: LookupCaptcha,
): Promise<MemberTicketResult> {
  // One keyed hash of the identifier, used for the look-up.
  const identifierHash =
    input.identity_document_number !== undefined
      ? hkidLookupHash(deps.secretKey, input.identity_document_number)
      : createHash('sha256')
          .update(`member-code:${input.member_code ?? ''}`)
          .digest('hex');
  // The identifier's failures are counted under a keyed hash of its own: never the HKID.
  const identifierKey = `member-ticket:id:${createHmac('sha256', deps.secretKey)
    .update(`member-ticket-failures:v1:${identifierHash}`)
    .digest('hex')}`;
  const now = deps.clock.now();
  const failures = await limits.countFailures(
    deps.db,
    identifierKey,
    now,
    IDENTIFIER_FAILURE_WINDOW_MS,
  );
  const needed = captcha.requiredDifficulty(failures);
  if (captcha.solvedDifficulty < needed) {
    throw new AppError('captcha_required', {
      message: `This look-up needs a verification check of difficulty ${needed}`,
      details: { difficulty: needed },
    });
  }
  const addressKey = `member-ticket:ip:${clientAddress}`;
  const [addressCount] = await limits.addFailures(deps.db, [addressKey], now, WINDOW_MS);
  if ((addressCount ?? 0) > MEMBER_LOOKUP_FAILURE_LIMIT) throw new AppError('limit_exceeded');
  await limits.addFailures(deps.db, [identifierKey], now, IDENTIFIER_FAILURE_WINDOW_MS);
  const keys = [addressKey, identifierKey];
  const found = await repo.findMemberForLookup(deps.db, {
    ...(input.identity_document_number !== undefined
      ? { hkidHash: identifierHash }
      : { memberCode: input.member_code ?? '' }),
    phone: input.phone_number,
  });
  if (found === null) throw lookupFailed();
  await limits.releaseFailures(deps.db, keys);
  // A member needs a handful of look-ups an hour, not 150 (issue 37): successes are counted
  // too, per member (from any address) and per address.
  if (deps.lookupLimits !== undefined) {
    const message = 'Too many look-ups for now; please try again later';
    await limits.takeFromWindow(
      deps.db,
      `member-ticket:ok:member:${String(found.memberId)}`,
      { limit: deps.lookupLimits.perMember, windowMs: HOUR_MS, message },
      now,
    );
    await limits.takeFromWindow(
      deps.db,
      `member-ticket:ok:ip:${clientAddress}`,
      { limit: deps.lookupLimits.perAddress, windowMs: HOUR_MS, message },
      now,
    );
  }

  const viewToken = newToken();
  const viewExpires = new Date(now.getTime() + MEMBER_VIEW_TOKEN_MINUTES * 60_000);
  await repo.insertViewToken(deps.db, {
    memberId: found.memberId,
    policyId: found.policyId,
    tokenHash: hashToken(viewToken),
    expiresAt: viewExpires,
  });
  const tickets = await issueTickets(deps, [found]);
  return {
    tickets,
    member: await memberSummary(deps, found),
    member_view_token: viewToken,
    member_view_token_expires_at: viewExpires.toISOString(),
  };
}

// ---------------------------------------------------------------- tickets

function ticketTypesFor(row: MemberRow): TicketType[] {
  return row.bodyChecksPerYear > 0 ? ['visit', 'payment', 'body-check'] : ['visit', 'payment'];
}

/** New tokens for every ticket of the members (re-issued on each look-up). */
async function issueTickets(deps: OutpatientDeps, members: MemberRow[]): Promise<Ticket[]> {
  const now = deps.clock.now();
  const today = hkDate(now);
  const expiresAt = new Date(now.getTime() + TICKET_TOKEN_HOURS * 3_600_000);
  const tickets: Ticket[] = [];
  const rows: repo.NewTicketRow[] = [];
  for (const row of members) {
    if (row.medicalNetworkPanel === null || row.policyStatus !== 'in-force') continue;
    const yearEnd = policyYearEnd(row.activationDate, today);
    for (const type of ticketTypesFor(row)) {
      const token = newToken();
      const number = newTicketNumber();
      const effective =
        type === 'body-check'
          ? bodyCheckEffectiveDate(row.activationDate, row.lastBodyCheckDate)
          : row.activationDate;
      const expiry =
        type === 'body-check' ? maxYearEnd(row.activationDate, effective, yearEnd) : yearEnd;
      rows.push({
        memberId: row.memberId,
        type,
        tokenHash: hashToken(token),
        numberKey: ticketNumberKey(deps.secretKey, number),
        effectiveDate: effective,
        expiryDate: expiry,
        expiresAt,
      });
      const names = TICKET_NAMES[type];
      tickets.push({
        type,
        token,
        number: formatTicketNumber(number),
        effective_date: effective,
        expiry_date: expiry,
        enabled: isOnOrBefore(effective, today),
        name_en: names.en,
        name_zh: names.zh,
        service_types: names.serviceTypes,
        policy_number: row.policyNumber,
        membership_number: row.membershipNumber,
        holder_name_en: row.nameEn,
        holder_name_zh: row.nameZh,
        token_expires_at: expiresAt.toISOString(),
      });
    }
  }
  await repo.insertTickets(deps.db, rows);
  await repo.revokeTicketsBeyond(
    deps.db,
    [...new Set(rows.map((row) => row.memberId))],
    LIVE_TICKET_SETS,
    now,
  );
  return tickets;
}

/**
 * Deletes tickets revoked or expired more than ENDED_TICKET_DAYS ago (`npm run outpatient --
 * prune`; the job runner's later). Answers how many.
 */
export function pruneEndedTickets(db: Database, now: Date): Promise<number> {
  return repo.deleteTicketsEndedBefore(
    db,
    new Date(now.getTime() - ENDED_TICKET_DAYS * 86_400_000),
  );
}

/** A body check effective after this policy year ends is usable until the end of its own year. */
function maxYearEnd(activationDate: string, effective: string, yearEnd: string): string {
  return isOnOrBefore(effective, yearEnd) ? yearEnd : policyYearEnd(activationDate, effective);
}

/**
 * The members of `policyNumber` the requester may see: every member for the signed-in owner of
 * the policy; the one member of a view token issued for that policy. Anything else: 401 without
 * credentials, `invalid_token` for a bad or expired view token, 404 `not_found` otherwise (an
 * unknown policy and somebody else's policy answer the same, with no data; decision 105).
 */
async function membersVisibleTo(
  deps: OutpatientDeps,
  requester: Requester,
  policyNumber: string,
): Promise<MemberRow[]> {
  if (requester.identity !== null) {
    const owner = await repo.findPolicyOwner(deps.db, policyNumber);
    if (owner !== null && owner.ownerUserId === requester.identity.userId) {
      return repo.listMembersOfPolicy(deps.db, policyNumber);
    }
    if (requester.viewToken === undefined) throw policyNotFound();
  }
  const viewer = await viewTokenMember(deps, requester.viewToken);
  if (viewer.policyNumber !== policyNumber) throw policyNotFound();
  return [viewer];
}

function policyNotFound(): AppError {
  return new AppError('not_found');
}

async function viewTokenMember(
  deps: OutpatientDeps,
  token: string | undefined,
): Promise<MemberRow> {
  if (token === undefined || token === '') throw new AppError('unauthenticated');
  const found = await repo.findActiveViewToken(deps.db, hashToken(token), deps.clock.now());
  const row = found === null ? null : await repo.findMemberById(deps.db, found.memberId);
  if (row === null) throw new AppError('invalid_token');
  return row;
}

/**
 * GET /outpatient/ticket?policy_id= and the GraphQL `tickets(policy_id)` field: fresh tickets of
 * the members of the policy the requester may see.
 */
export async function listTicketsForPolicy(
  deps: OutpatientDeps,
  requester: Requester,
  policyNumber: string,
): Promise<Ticket[]> {
  const members = await membersVisibleTo(deps, requester, policyNumber);
  return issueTickets(deps, members);
}

/** GET /outpatient/member: the summary behind the member pages, for the view-token holder. */
export async function memberForViewToken(
  deps: OutpatientDeps,
  viewToken: string | undefined,
): Promise<MemberSummary> {
  return memberSummary(deps, await viewTokenMember(deps, viewToken));
}

async function memberSummary(deps: OutpatientDeps, row: MemberRow): Promise<MemberSummary> {
  const today = hkToday(deps.clock);
  const panel = row.medicalNetworkPanel;
  const services =
    panel === 'outpatient' || panel === 'go'
      ? await repo.listCoveredServices(deps.db, PROVISION_SLUGS[panel])
      : [];
  return {
    name_en: row.nameEn,
    name_zh: row.nameZh,
    membership_number: row.membershipNumber,
    member_code: row.memberCode,
    policy_number: row.policyNumber,
    card_type: cardTypeOf(row.productType),
    medical_network_panel: panel,
    body_check: bodyCheckState({
      activationDate: row.activationDate,
      lastCheckDate: row.lastBodyCheckDate,
      checksPerYear: row.bodyChecksPerYear,
      today,
    }),
    covered_services: services.filter((s) => !EXCLUDED_SERVICE_SLUGS.has(s.slug)),
    usage: await memberUsage(deps.db, row, today),
  };
}

// ---------------------------------------------------------------- medical cards

function medicalCard(row: MemberRow, today: string, language: 'en' | 'zh-HK'): MedicalCard {
  return {
    card_number: row.membershipNumber,
    holder_name: language === 'en' ? row.nameEn : row.nameZh,
    holder_name_en: row.nameEn,
    holder_name_zh: row.nameZh,
    policy_number: row.policyNumber,
    card_type: cardTypeOf(row.productType),
    company: COMPANY,
    effective_from: row.activationDate,
    effective_to: policyYearEnd(row.activationDate, today),
    card_image: null,
    member_code: row.memberCode,
  };
}

/**
 * GET /policy/medical-card: cards of the policy (same access rule as tickets). Without a policy
 * number: every card the requester may see (the owner's policies, or the view token's member).
 */
export async function listMedicalCards(
  deps: OutpatientDeps,
  requester: Requester,
  query: { policyNumber?: string | undefined; cardType?: CardType | undefined },
  language: 'en' | 'zh-HK',
): Promise<MedicalCard[]> {
  let members: MemberRow[];
  if (query.policyNumber !== undefined) {
    members = await membersVisibleTo(deps, requester, query.policyNumber);
  } else if (requester.identity !== null) {
    members = await repo.listMembersOwnedBy(deps.db, requester.identity.userId);
  } else {
    members = [await viewTokenMember(deps, requester.viewToken)];
  }
  const today = hkToday(deps.clock);
  return members
    .map((row) => medicalCard(row, today, language))
    .filter((card) => query.cardType === undefined || card.card_type === query.cardType);
}

// ---------------------------------------------------------------- shared card links

/** Creates a 7-day link to one member's card: the view token's member, or an owner's member. */
export async function createSharedCardLink(
  deps: OutpatientDeps,
  requester: Requester,
  memberCode: string | undefined,
): Promise<{ token: string; expires_at: string }> {
  let row: MemberRow | null;
  if (requester.identity !== null && memberCode !== undefined) {
    row = await repo.findMemberByCode(deps.db, memberCode);
    if (row === null || row.ownerUserId !== requester.identity.userId)
      throw new AppError('not_found');
  } else {
    row = await viewTokenMember(deps, requester.viewToken);
  }
  const token = newToken();
  const expiresAt = new Date(deps.clock.now().getTime() + SHARED_CARD_LINK_DAYS * 86_400_000);
  await repo.insertSharedLink(deps.db, {
    memberId: row.memberId,
    tokenHash: hashToken(token),
    expiresAt,
  });
  return { token, expires_at: expiresAt.toISOString() };
}

/** The card behind a shared link, with fresh QR tickets; nothing else of the policy. */
export async function openSharedCard(
  deps: OutpatientDeps,
  token: string,
  language: 'en' | 'zh-HK',
): Promise<{ card: MedicalCard; tickets: Ticket[] }> {
  const link = await repo.findActiveSharedLink(deps.db, hashToken(token), deps.clock.now());
  const row = link === null ? null : await repo.findMemberById(deps.db, link.memberId);
  if (row === null) throw new AppError('invalid_token');
  return {
    card: medicalCard(row, hkToday(deps.clock), language),
    tickets: await issueTickets(deps, [row]),
  };
}

export async function revokeSharedCard(deps: OutpatientDeps, token: string): Promise<void> {
  await repo.revokeSharedLink(deps.db, hashToken(token), deps.clock.now());
}

// ---------------------------------------------------------------- the counter and operators

/**
 * A clinic counter presenting a QR token: which ticket it is, or `invalid_token` (expired,
 * revoked, or the membership no longer in force).
 */
export async function verifyTicket(deps: OutpatientDeps, token: string) {
  const now = deps.clock.now();
  const ticket = await repo.findActiveTicket(deps.db, hashToken(token), now);
  const row = ticket === null ? null : await repo.findMemberById(deps.db, ticket.memberId);
  // A kept ticket stops verifying once the membership is no longer in force (decision 153).
  if (
    ticket === null ||
    row === null ||
    row.policyStatus !== 'in-force' ||
    row.medicalNetworkPanel === null
  ) {
    throw new AppError('invalid_token');
  }
  return {
    type: ticket.type as TicketType,
    effective_date: ticket.effectiveDate,
    expiry_date: ticket.expiryDate,
    enabled: isOnOrBefore(ticket.effectiveDate, hkDate(now)),
    policy_number: row.policyNumber,
    membership_number: row.membershipNumber,
    holder_name_en: row.nameEn,
    holder_name_zh: row.nameZh,
  };
}

/** Operator command: the date a member's body check was taken (until a clinic side exists). */
export async function recordBodyCheck(
  deps: Pick<OutpatientDeps, 'db'>,
  memberCode: string,
  date: string,
): Promise<void> {
  const row = await repo.findMemberByCode(deps.db, memberCode);
  if (row === null)
    throw new AppError('not_found', { message: `No member with code ${memberCode}` });
  await repo.setLastBodyCheckDate(deps.db, row.memberId, date);
}

/** Operator command: revokes every live token of a member. */
export async function revokeMemberTokens(
  deps: Pick<OutpatientDeps, 'db' | 'clock'>,
  memberCode: string,
): Promise<number> {
  const row = await repo.findMemberByCode(deps.db, memberCode);
  if (row === null)
    throw new AppError('not_found', { message: `No member with code ${memberCode}` });
  return repo.revokeMemberTokens(deps.db, row.memberId, deps.clock.now());
}

/**
 * GET /policy/:id/visits: the visits recorded for the members of a policy, for its signed-in
 * owner only (404 for anyone else's or an unknown policy, decision 105).
 */
export async function listPolicyVisitsForOwner(
  deps: Pick<OutpatientDeps, 'db'>,
  userId: string,
  policyId: number,
  window: { offset: number; limit: number },
  today: string,
) {
  const owned = await repo.findOwnedPolicyId(deps.db, policyId, userId);
  if (owned === null) throw policyNotFound();
  return policyVisits(deps.db, owned, window, today);
}
