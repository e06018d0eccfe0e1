// The typed platform client against the real server for the member app's network, member-card,
// announcement and session calls (member-app §7): each answer must pass the client's own
// schemas, and what it reads must be what the server holds.
import type { PlatformClient } from '@clinicpass/shared/platform/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVISION_SLUGS } from '@clinicpass/shared/constants';
import { solvedCaptcha } from './captcha-support';
import { testFactories, type MemberCard } from './factories';
import {
  buildPolicyTestApp,
  OWNER,
  PLAIN,
  platformClientFor,
  type PolicyTestApp,
} from './policy-support';

let t: PolicyTestApp;
let address = 0;

/** A client signed in as `user` (or a guest), each request from an address of its own. */
function clientFor(user: string | null): PlatformClient {
  return platformClientFor(t, user, () => {
    address += 1;
    return { 'x-forwarded-for': `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}` };
  });
}

let guest: PlatformClient;
let owner: PlatformClient;
let plain: PlatformClient;
/** A member with a working card on a policy OWNER owns. */
let card: MemberCard;

beforeAll(async () => {
  t = await buildPolicyTestApp();
  card = await testFactories(t.database.db).memberCard({
    policy: { ownerUserId: await t.userId(OWNER) },
  });
  guest = clientFor(null);
  owner = clientFor(OWNER);
  plain = clientFor(PLAIN);
});
afterAll(async () => {
  await t.close();
});

describe('announcements', () => {
  it('lists the announcements of a tag', async () => {
    const forGuests = await guest.listAnnouncements({ tag: 'guest' });
    expect(forGuests.results.length).toBeGreaterThan(0);
    for (const item of forGuests.results) expect(item.tags).toContain('guest');
    const forCustomers = await owner.listAnnouncements({ tag: 'customer' });
    for (const item of forCustomers.results) expect(item.tags).toContain('customer');
    await expect(guest.listAnnouncements({ tag: 'admin' as never })).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('member card tickets', () => {
  it('looks a member up behind a solved captcha, and refuses one without', async () => {
    const { lookUp } = card;
    const found = await guest.requestMemberTickets(lookUp, await solvedCaptcha(t.app));
    expect(found.tickets.map((ticket) => ticket.type)).toEqual(['visit', 'payment', 'body-check']);
    expect(found.tickets.every((ticket) => ticket.policy_number === card.policy.policyNumber)).toBe(
      true,
    );
    await expect(guest.requestMemberTickets(lookUp, 'not-a-solution')).rejects.toMatchObject({
      status: 400,
    });
  });

  it('lists a policy’s tickets for its owner, and for nobody else', async () => {
    const own = await owner.listOutpatientTickets({ policy_id: card.policy.policyNumber });
    expect(own.tickets.length).toBeGreaterThan(0);
    expect(new Set(own.tickets.map((ticket) => ticket.policy_number))).toEqual(
      new Set([card.policy.policyNumber]),
    );
    await expect(
      plain.listOutpatientTickets({ policy_id: card.policy.policyNumber }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('the medical network', () => {
  it('lists the country regions with their districts', async () => {
    const regions = await guest.listCountryRegions();
    expect(regions.results.map((region) => region.code)).toContain('hong-kong-island');
    const island = regions.results.find((region) => region.code === 'hong-kong-island');
    expect(island?.districts.map((district) => district.code)).toContain('A');
    expect(regions.pagination.total).toBe(regions.results.length);
  });

  it('lists the healthcare services of a provision', async () => {
    const services = await guest.listHealthcareServices({
      provision_slug: PROVISION_SLUGS.outpatient,
      no_pagination: true,
    });
    expect(services.results.length).toBeGreaterThan(0);
    expect(services.pagination.total).toBe(services.results.length);
    await expect(guest.listHealthcareServices({ provision_slug: 'nothing' })).rejects.toMatchObject(
      { status: 400 },
    );
  });

  it('searches the primary, the second and the group panels for a policy', async () => {
    const policyNumber = card.policy.policyNumber;
    const primary = await owner.listServicePoints({ policy_number: policyNumber, page_size: 5 });
    expect(primary.results).toHaveLength(5);
    expect(primary.pagination.start).toBe(0);
    expect(primary.pagination.total).toBeGreaterThan(5);
    const [first] = primary.results;
    expect(first?.doctor.payment_info.length).toBeGreaterThan(0);

    const district = first?.venue.district.code ?? '';
    const inDistrict = await owner.listServicePoints({
      policy_number: policyNumber,
      district_codes: [district],
    });
    expect(inDistrict.results.every((point) => point.venue.district.code === district)).toBe(true);

    const second = await owner.listGoServicePoints('outpatient', {
      policy_number: policyNumber,
      page_size: 5,
    });
    expect(second.results.length).toBeGreaterThan(0);
    expect(second.results.map((point) => point.id)).not.toEqual(
      primary.results.map((point) => point.id),
    );

    const group = await owner.listGroupServicePoints({ policy_number: policyNumber, page_size: 3 });
    expect(group.results.length).toBeLessThanOrEqual(3);
    expect(group.pagination.total).toBeGreaterThan(0);
  });
});

describe('the session service', () => {
  it('creates a session and resumes it by its id', async () => {
    const created = await guest.createSession();
    expect(created.code).toBe('created');
    const resumed = await guest.createSession(created.session_id);
    expect(resumed).toEqual({ session_id: created.session_id, code: 'resumed' });
  });
});
