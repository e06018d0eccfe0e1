// GraphQL `tickets(policy_id)`: answers only the holder of that member's view token (or the
// policy's signed-in owner), with the same tickets the REST look-up issues.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-app';
import { captchaHeader } from './captcha-support';
import { testFactories, type MemberCard } from './factories';

let test: TestApp;
/** A member with a working card, and a member of another policy. */
let card: MemberCard;
let other: MemberCard;
beforeAll(async () => {
  test = await buildTestApp({ seeded: true });
  const f = testFactories(test.database.db);
  card = await f.memberCard();
  other = await f.memberCard();
});
afterAll(async () => {
  await test.close();
});

const TICKETS = /* GraphQL */ `
  query ($policy_id: String!) {
    tickets(policy_id: $policy_id) {
      type
      token
      effective_date
      policy_number
    }
  }
`;

interface Answer {
  data?: {
    tickets: { type: string; token: string; effective_date: string; policy_number: string }[];
  } | null;
  errors?: { extensions?: { code?: string } }[];
}

async function tickets(policyId: string, headers: Record<string, string> = {}) {
  const res = await test.app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1', ...headers },
    payload: { query: TICKETS, variables: { policy_id: policyId } },
  });
  return res.json<Answer>();
}

async function viewToken(member: MemberCard): Promise<string> {
  const res = await test.app.inject({
    method: 'POST',
    url: '/api/customer/outpatient/member-ticket',
    headers: { 'x-forwarded-for': '10.9.0.2', ...(await captchaHeader(test.app)) },
    payload: member.lookUp,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ member_view_token: string }>().member_view_token;
}

describe('GraphQL tickets', () => {
  it('gives the view-token holder the three tickets of that policy', async () => {
    const token = await viewToken(card);
    const answer = await tickets(card.policy.policyNumber, { 'x-member-view-token': token });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.tickets.map((t) => t.type).sort()).toEqual([
      'body-check',
      'payment',
      'visit',
    ]);
    for (const ticket of answer.data?.tickets ?? []) {
      expect(ticket.policy_number).toBe(card.policy.policyNumber);
      expect(ticket.token.length).toBeGreaterThanOrEqual(22);
    }
  });

  it('refuses a guest without a token', async () => {
    const answer = await tickets(card.policy.policyNumber);
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.[0]?.extensions?.code).toBe('unauthenticated');
  });

  it("refuses a view token for another policy's member", async () => {
    const token = await viewToken(other);
    const answer = await tickets(card.policy.policyNumber, { 'x-member-view-token': token });
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.[0]?.extensions?.code).toBe('not_found');
  });
});
