// GraphQL `tickets(policy_id)`: answers only the holder of that member's view token (or the
// policy's signed-in owner), with the same tickets the REST look-up issues.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/db/seed/demo';
import { buildTestApp, type TestApp } from './build-app';
import { captchaHeader } from './captcha-support';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ seeded: true });
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

async function viewToken(hkid: string): Promise<string> {
  const res = await test.app.inject({
    method: 'POST',
    url: '/api/customer/outpatient/member-ticket',
    headers: { 'x-forwarded-for': '10.9.0.2', ...(await captchaHeader(test.app)) },
    payload: { identity_document_number: hkid, phone_number: '91234567' },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ member_view_token: string }>().member_view_token;
}

describe('GraphQL tickets', () => {
  it('gives the view-token holder the three tickets of that policy', async () => {
    const token = await viewToken(DEMO.workingCard.hkid);
    const answer = await tickets(DEMO.workingCard.policyNumber, { 'x-member-view-token': token });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.tickets.map((t) => t.type).sort()).toEqual([
      'body-check',
      'payment',
      'visit',
    ]);
    for (const ticket of answer.data?.tickets ?? []) {
      expect(ticket.policy_number).toBe(DEMO.workingCard.policyNumber);
      expect(ticket.token.length).toBeGreaterThanOrEqual(22);
    }
  });

  it('refuses a guest without a token', async () => {
    const answer = await tickets(DEMO.workingCard.policyNumber);
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.[0]?.extensions?.code).toBe('unauthenticated');
  });

  it("refuses a view token for another policy's member", async () => {
    const token = await viewToken(DEMO.bodyCheckNotDue.hkid);
    const answer = await tickets(DEMO.workingCard.policyNumber, { 'x-member-view-token': token });
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.[0]?.extensions?.code).toBe('not_found');
  });
});
