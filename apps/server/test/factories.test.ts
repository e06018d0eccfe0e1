// The record factories (test/factories.ts over src/db/seed/factories.ts): each builds a valid
// record from its defaults, keeps what the caller overrides, and returns the row as stored.
import { isValidHkid } from '@clinicpass/shared/identity/hkid';
import { isValidHkPhone } from '@clinicpass/shared/identity/hk-phone';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoice } from '../src/db/billing-schema';
import { groupMemberPolicy, policyParty } from '../src/db/platform-schema';
import { member, policy } from '../src/db/schema';
import { hkidLookupHash } from '../src/lib/hkid-hash';
import { verifyPassword } from '../src/lib/passwords';
import { hashToken, ticketNumberKey } from '../src/modules/outpatient/tokens';
import { TEST_SECRET_KEY } from './constants';
import { createTestDatabase, type TestDatabase } from './db';
import {
  FACTORY_PASSWORD,
  freshHkid,
  freshPhone,
  testFactories,
  type TestFactories,
} from './factories';

let database: TestDatabase;
let f: TestFactories;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  f = testFactories(database.db);
});
afterAll(async () => {
  await database.drop();
});

describe('record factories', () => {
  it('make valid HKIDs and Hong Kong phone numbers, a new one each time', () => {
    const hkids = Array.from({ length: 50 }, freshHkid);
    const phones = Array.from({ length: 50 }, freshPhone);
    expect(hkids.every(isValidHkid)).toBe(true);
    expect(phones.every(isValidHkPhone)).toBe(true);
    expect(new Set(hkids).size).toBe(50);
    expect(new Set(phones).size).toBe(50);
  });

  it('build a customer whose password is the factory password unless given', async () => {
    const customer = await f.user();
    expect(customer.status).toBe('CONFIRMED');
    expect(await verifyPassword(customer.passwordHash, FACTORY_PASSWORD)).toBe(true);
    const other = await f.user({ email: 'chosen@example.test', password: 'Another2026pass' });
    expect(other.email).toBe('chosen@example.test');
    expect(await verifyPassword(other.passwordHash, 'Another2026pass')).toBe(true);
  });

  it('build a member card: a policy in force with a member found by HKID and phone', async () => {
    const card = await f.memberCard();
    expect(card.policy.status).toBe('in-force');
    expect(card.policy.applicantPhoneNumber).toBe(`+852${card.phone}`);
    const [stored] = await database.db.select().from(member).where(eq(member.id, card.member.id));
    expect(stored?.hkidHash).toBe(hkidLookupHash(TEST_SECRET_KEY, card.hkid));
    expect(stored?.policyId).toBe(card.policy.id);
    expect(card.lookUp).toEqual({ identity_document_number: card.hkid, phone_number: card.phone });
  });

  it('keep what the caller overrides', async () => {
    const vhis = await f.productByCode('VHIS-FLEXI');
    const made = await f.policy({
      productId: vhis.id,
      status: 'lapsed',
      policyNumber: 'XX0000001',
    });
    const [stored] = await database.db.select().from(policy).where(eq(policy.id, made.id));
    expect(stored).toMatchObject({
      productId: vhis.id,
      status: 'lapsed',
      policyNumber: 'XX0000001',
    });
  });

  it('build a group member with its policy, parties and membership', async () => {
    const admin = await f.user();
    const group = await f.groupPolicy({ adminUserId: admin.id });
    const principal = await f.groupMember({ group });
    const child = await f.groupMember({
      group,
      relationship: 'child',
      principalPolicyId: principal.policy.id,
    });
    expect(principal.policy.ownerUserId).toBeNull();
    expect(principal.terms.groupPolicyNumber).toBe(group.groupPolicyNumber);
    const parties = await database.db
      .select({ role: policyParty.role })
      .from(policyParty)
      .where(eq(policyParty.policyId, child.policy.id));
    expect(parties.map((p) => p.role).sort()).toEqual(['insured-life', 'policyholder']);
    const [membership] = await database.db
      .select()
      .from(groupMemberPolicy)
      .where(eq(groupMemberPolicy.policyId, child.policy.id));
    expect(membership).toMatchObject({ principalPolicyId: principal.policy.id, status: 'active' });
  });

  it('build tickets, billing and invoices, service requests, network records and clinic keys', async () => {
    const card = await f.memberCard();
    const ticket = await f.ticket({ memberId: card.member.id, type: 'payment' });
    expect(ticket.tokenHash).toBe(hashToken(ticket.token));
    expect(ticket.numberKey).toBe(ticketNumberKey(TEST_SECRET_KEY, ticket.number));

    const customer = await f.user();
    const method = await f.paymentMethod({ userId: customer.id });
    await f.defaultPaymentMethod({ userId: customer.id, paymentMethodId: method.id });
    const insurer = await f.company();
    const bill = await f.billing({
      policyId: card.policy.id,
      billingAnchorDate: card.policy.activationDate,
      paymentMethodId: method.id,
    });
    const made = await f.invoice({
      billingId: bill.id,
      policyId: card.policy.id,
      productId: card.policy.productId,
      companyId: insurer.id,
      status: 'paid',
      outstandingAmount: 0,
    });
    const [stored] = await database.db.select().from(invoice).where(eq(invoice.id, made.id));
    expect(stored).toMatchObject({ status: 'paid', outstandingAmount: 0, totalAmount: 1001 });

    const request = await f.serviceRequest({
      policyId: card.policy.id,
      fromProductId: card.policy.productId,
    });
    expect(request.status).toBe('open');

    const venue = await f.venue();
    const point = await f.servicePoint({ serviceId: 1, venueId: venue.id });
    expect(point.venueId).toBe(venue.id);
    const key = await f.clinicKey({ venueId: venue.id });
    expect(key.keyHash).toBe(hashToken(key.key));

    const notice = await f.announcement({ tags: ['guest'] });
    expect(notice.isActive).toBe(true);
    const partner = await f.partner({ userId: customer.id });
    expect(partner.name).toMatch(/^Test Partner/);
  });
});
