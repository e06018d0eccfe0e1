// Owner access over HTTP with a real sign-in (issue 4): owner@example.com signs in through
// /identity (password, then the SMS code from the outbox) and reaches the cards, tickets and
// policies of their members; plain@example.com, also signed in, gets 404 `not_found` or an
// empty list for everything of the owner's, never the owner's data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/db/seed/demo';
import { buildTestApp, type TestApp } from './build-app';
import { client, cookiesOf, cookieValue, latestCode, PASSWORD } from './identity-helpers';

let t: TestApp;
let ownerCookie: string;
let plainCookie: string;

/** Signs `email` in through the real identity flow; answers the `cookie` header to send. */
async function signIn(email: string): Promise<string> {
  const c = client(t.app);
  const first = await c.post('/identity/sign-in', { email, password: PASSWORD });
  expect(first.statusCode, first.body).toBe(200);
  let done = first;
  const body = first.json<{ challenge?: { name: string; session: string } }>();
  if (body.challenge !== undefined) {
    expect(body.challenge.name).toBe('SMS_MFA');
    const code = await latestCode(t.app, '+85291234567');
    done = await c.post('/identity/sign-in/challenge', { session: body.challenge.session, code });
    expect(done.statusCode, done.body).toBe(200);
  }
  expect(done.json()).toEqual({ signed_in: true });
  return `cp_access=${cookieValue(cookiesOf(done).cp_access)}`;
}

function get(path: string, cookie: string) {
  return t.app.inject({ method: 'GET', url: path, headers: { cookie } });
}

function post(path: string, cookie: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: path, headers: { cookie }, payload });
}

const TICKETS = /* GraphQL */ `
  query ($policy_id: String!) {
    tickets(policy_id: $policy_id) {
      type
      policy_number
    }
  }
`;

function graphqlTickets(policyId: string, cookie: string) {
  return post('/api/graphql', cookie, { query: TICKETS, variables: { policy_id: policyId } });
}

interface Card {
  policy_number: string;
  card_type: string;
  member_code: string;
  holder_name_en: string;
}

beforeAll(async () => {
  t = await buildTestApp({ seeded: true });
  ownerCookie = await signIn(DEMO.owner.email);
  plainCookie = await signIn(DEMO.plain.email);
});
afterAll(async () => {
  await t.close();
});

describe('a signed-in owner', () => {
  it('is signed in as themselves', async () => {
    const me = await get('/identity/me', ownerCookie);
    expect(me.json()).toMatchObject({ signed_in: true, user: { email: DEMO.owner.email } });
  });

  it('reaches the medical cards of their members, and only theirs', async () => {
    const res = await get('/api/customer/policy/medical-card', ownerCookie);
    expect(res.statusCode, res.body).toBe(200);
    const cards = res.json<{ results: Card[] }>().results;
    expect([...new Set(cards.map((c) => c.policy_number))].sort()).toEqual([
      'OP1000001',
      'OP1000002',
    ]);
    const one = await get(
      '/api/customer/policy/medical-card?policy_number=OP1000002&card_type=outpatient-card',
      ownerCookie,
    );
    expect(one.statusCode).toBe(200);
    const oneCards = one.json<{ results: Card[] }>().results;
    expect(oneCards.length).toBeGreaterThan(0);
    expect(oneCards.every((c) => c.policy_number === 'OP1000002')).toBe(true);
  });

  it('reaches the tickets of each of their policies over REST and GraphQL', async () => {
    for (const policyNumber of ['OP1000001', 'OP1000002']) {
      const res = await get(
        `/api/customer/outpatient/ticket?policy_id=${policyNumber}`,
        ownerCookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      const tickets = res.json<{ tickets: { type: string; policy_number: string }[] }>().tickets;
      expect(tickets.map((ticket) => ticket.type)).toEqual(['visit', 'payment', 'body-check']);
      expect(tickets.every((ticket) => ticket.policy_number === policyNumber)).toBe(true);
    }
    const answer = (await graphqlTickets('OP1000001', ownerCookie)).json<{
      data?: { tickets: { policy_number: string }[] };
      errors?: unknown[];
    }>();
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.tickets).toHaveLength(3);
  });

  it("shares a link to one of their members' cards", async () => {
    const cards = (await get('/api/customer/policy/medical-card', ownerCookie)).json<{
      results: Card[];
    }>().results;
    const memberCode = cards[0]?.member_code ?? '';
    const link = await post('/api/customer/outpatient/shared-card', ownerCookie, {
      member_code: memberCode,
    });
    expect(link.statusCode, link.body).toBe(200);
    const opened = await post('/api/customer/outpatient/shared-card/open', '', {
      token: link.json<{ token: string }>().token,
    });
    expect(opened.json<{ card: Card }>().card.member_code).toBe(memberCode);
  });

  it('gets the customer announcements when asking without a tag', async () => {
    const contents = async (path: string, cookie: string) =>
      (await get(path, cookie))
        .json<{ results: { id: number }[] }>()
        .results.map((r) => r.id)
        .sort((a, b) => a - b);
    const signedIn = await contents('/api/customer/announcement', ownerCookie);
    const customer = await contents('/api/customer/announcement?tag=customer', '');
    const guest = await contents('/api/customer/announcement?tag=guest', '');
    // The seeded customer and guest sets differ, so a guest answer would fail this test.
    expect(customer).not.toEqual(guest);
    expect(signedIn).toEqual(customer);
    expect(await contents('/api/customer/announcement', '')).toEqual(guest);
    // An explicit tag still wins over the sign-in state.
    expect(await contents('/api/customer/announcement?tag=guest', ownerCookie)).toEqual(guest);
  });

  it('lists and opens their own policies', async () => {
    const list = await get('/api/customer/policy', ownerCookie);
    expect(list.statusCode, list.body).toBe(200);
    const policies = list.json<{ results: { id: number; policy_number: string }[] }>().results;
    expect(policies.map((p) => p.policy_number).sort()).toEqual(['OP1000001', 'OP1000002']);
    const detail = await get(`/api/customer/policy/${policies[0]?.id ?? 0}`, ownerCookie);
    expect(detail.statusCode).toBe(200);
  });
});

describe("another signed-in user and the owner's data", () => {
  it('gets 404 with no data for the owner’s policies, cards and tickets', async () => {
    const ownerPolicies = (await get('/api/customer/policy', ownerCookie)).json<{
      results: { id: number }[];
    }>().results;
    expect(ownerPolicies.length).toBe(2);
    for (const { id } of ownerPolicies) {
      const res = await get(`/api/customer/policy/${id}`, plainCookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
      expect(res.body).not.toContain('OP100000');
    }
    for (const path of [
      '/api/customer/outpatient/ticket?policy_id=OP1000001',
      '/api/customer/policy/medical-card?policy_number=OP1000002',
    ]) {
      const res = await get(path, plainCookie);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
      expect(res.body).not.toContain('token');
    }
    // An unknown policy number answers exactly the same.
    const unknown = await get('/api/customer/outpatient/ticket?policy_id=OP9999999', plainCookie);
    const known = await get('/api/customer/outpatient/ticket?policy_id=OP1000001', plainCookie);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
  });

  it('sees only their own policies and no cards of the owner’s members', async () => {
    const list = await get('/api/customer/policy', plainCookie);
    expect(
      list.json<{ results: { policy_number: string }[] }>().results.map((p) => p.policy_number),
    ).toEqual(['VH1000003']);
    const cards = (await get('/api/customer/policy/medical-card', plainCookie)).json<{
      results: Card[];
    }>().results;
    expect(cards.every((c) => c.policy_number === 'VH1000003')).toBe(true);
  });

  it('gets no tickets over GraphQL and cannot share an owner’s member card', async () => {
    const answer = (await graphqlTickets('OP1000001', plainCookie)).json<{
      data?: unknown;
      errors?: { extensions?: { code?: string } }[];
    }>();
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.[0]?.extensions?.code).toBe('not_found');
    const ownerCards = (await get('/api/customer/policy/medical-card', ownerCookie)).json<{
      results: Card[];
    }>().results;
    const link = await post('/api/customer/outpatient/shared-card', plainCookie, {
      member_code: ownerCards[0]?.member_code ?? '',
    });
    expect(link.statusCode).toBe(404);
    expect(link.body).not.toContain('token');
  });

  it('is a guest again after signing out: the owner’s cookie no longer reaches the cards', async () => {
    const cookie = await signIn(DEMO.owner.email);
    const out = await post('/identity/sign-out', cookie, {});
    expect(out.statusCode).toBeLessThan(300);
    const res = await get('/api/customer/outpatient/ticket?policy_id=OP1000001', cookie);
    expect(res.statusCode).toBe(401);
  });
});
