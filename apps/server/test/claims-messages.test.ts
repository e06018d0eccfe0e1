// What the owner is told of their claim (issue 40, decision 294): submission received, update
// requested, approved, declined and paid, by email and by SMS to the verified phone, in the
// language the owner used on the claim, queued through the outbox in the action's transaction
// (a move that rolls back tells nobody). Read from the dev outbox the delivery job writes.
import type { Claim } from '@clinicpass/shared/platform/entities/claim';
import { addDays, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClaimMessenger, insurerAction } from '../src/modules/claims';
import { buildPolicyTestApp, OWNER, type PolicyTestApp } from './policy-support';

const NOW = new Date();
const TODAY = hkToday(fixedClock(NOW));
const BASE = '/api/customer';
const HANDLER = { kind: 'insurer', staffId: 'staff-1', role: 'claims' } as const;

let t: PolicyTestApp;
let messenger: ClaimMessenger;
let policyId: number;
let lifeId: number;
let ownerPhone: string;

async function one<Row>(query: ReturnType<typeof sql>): Promise<Row> {
  const result = await t.database.db.execute(query);
  return result.rows[0] as Row;
}

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  messenger = { sender: t.app.delivery, publicUrl: t.app.config.publicUrl };
  const owner = await t.userId(OWNER);
  ({ id: policyId } = await one<{ id: number }>(
    sql`SELECT id FROM policy WHERE policy_number = 'OP1000001' AND owner_user_id = ${owner}`,
  ));
  ({ id: lifeId } = await one<{ id: number }>(
    sql`SELECT id FROM policy_party WHERE policy_id = ${policyId} AND role = 'insured-life'`,
  ));
  ({ phone: ownerPhone } = await one<{ phone: string }>(
    sql`SELECT phone_number AS phone FROM app_user WHERE id = ${owner} AND phone_verified`,
  ));
});
afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST', url: string, language: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${BASE}${url}`,
    headers: { 'x-test-user': OWNER, 'accept-language': language },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A one-pixel PNG receipt. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0, 0, 0, 2, 0, 1])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A reimbursement filed and submitted by the owner in `language`. */
async function submitted(language: string): Promise<Claim> {
  const created = await call('POST', '/claim', language, {
    type: 'reimbursement',
    policy_id: policyId,
    cause: 'illness',
    insured_life_id: lifeId,
    benefit: 'specialist',
    service_date: addDays(TODAY, -3),
    amount_claimed: 480,
    payout_account: { bank_code: '004', account_number: '123456789012', holder_name: 'CHAN' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const claim = created.json<Claim>();
  const receipt = await t.app.inject({
    method: 'POST',
    url: `${BASE}/claim/${claim.id}/document?kind=original-medical-receipt&file_name=r.png`,
    headers: { 'x-test-user': OWNER, 'content-type': 'image/png' },
    payload: png(),
  });
  expect(receipt.statusCode, receipt.body).toBe(200);
  const res = await call('POST', `/claim/${claim.id}/submit`, language, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Claim>();
}

async function insurer(id: number, action: string, input: Record<string, unknown> = {}) {
  await t.database.db.transaction((tx) =>
    insurerAction(
      tx,
      HANDLER,
      { today: TODAY, instant: NOW },
      id,
      action as never,
      input,
      messenger,
    ),
  );
}

/** The messages about one claim in the dev outbox (once the delivery job has run), oldest first. */
async function told(claimNumber: string) {
  const entries = await t.app.delivery.outbox();
  return entries
    .filter((entry) => entry.subject.includes(claimNumber))
    .reverse()
    .map(({ channel, to, subject, body }) => ({ channel, to, subject, body }));
}

describe('claim messages', () => {
  it('tell the owner in Chinese, by email and SMS, of receipt, the request, approval and payment only', async () => {
    const claim = await submitted('zh-HK,zh;q=0.9');
    await insurer(claim.id, 'self-assign');
    await insurer(claim.id, 'request-update', { note: '請補交轉介信' });
    expect(
      (await call('POST', `/claim/${claim.id}/update`, 'zh-HK', { note: '已補交' })).statusCode,
    ).toBe(200);
    await insurer(claim.id, 'approve', { amount: 400 });
    await insurer(claim.id, 'request-payment');
    await insurer(claim.id, 'confirm-payment');
    await insurer(claim.id, 'settle');
    const n = claim.claim_number;
    const messages = await told(n);
    // Delivered by the job runner, not necessarily in the order queued: compared as a set.
    const sorted = (list: string[][]) => list.map((m) => m.join(' ')).sort();
    expect(sorted(messages.map((m) => [m.channel, m.subject]))).toEqual(
      sorted([
        ['email', `我們已收到你的索償 ${n}`],
        ['sms', `我們已收到你的索償 ${n}`],
        ['email', `你的索償 ${n} 需要補充資料`],
        ['sms', `你的索償 ${n} 需要補充資料`],
        ['email', `你的索償 ${n} 已獲批核`],
        ['sms', `你的索償 ${n} 已獲批核`],
        ['email', `你的索償 ${n} 已付款`],
        ['sms', `你的索償 ${n} 已付款`],
      ]),
    );
    const email = (subject: string) =>
      messages.find((m) => m.channel === 'email' && m.subject.includes(subject));
    expect(messages.filter((m) => m.channel === 'email').every((m) => m.to === OWNER)).toBe(true);
    expect(messages.filter((m) => m.channel === 'sms').every((m) => m.to === ownerPhone)).toBe(
      true,
    );
    expect(email('我們已收到')?.body).toContain('HK$480.00');
    expect(email('需要補充資料')?.body).toContain('請補交轉介信');
    expect(email('已獲批核')?.body).toContain('HK$400.00');
    expect(email('已付款')?.body).toBe(`我們已就你的索償 ${n} 支付 HK$400.00至戶口 ***-***-9012。`);
    expect(messages.some((m) => m.body.includes('123456789012'))).toBe(false);
  });

  it('tell the owner in English of a decline with its reason', async () => {
    const claim = await submitted('en-GB,en;q=0.8');
    await insurer(claim.id, 'decline', { note: 'The service is not covered' });
    const n = claim.claim_number;
    const emails = (await told(n)).filter((m) => m.channel === 'email');
    const sortBySubject = (list: typeof emails) =>
      [...list].sort((a, b) =>
        a.subject.startsWith('We received') ? -1 : b.subject.startsWith('We received') ? 1 : 0,
      );
    expect(sortBySubject(emails)).toEqual([
      expect.objectContaining({
        subject: `We received your claim ${n}`,
        body: `We received your claim ${n} for HK$480.00. We will tell you when it is reviewed.`,
      }),
      expect.objectContaining({
        subject: `Your claim ${n} is declined`,
        body: `Your claim ${n} is declined: The service is not covered`,
      }),
    ]);
  });

  it('tell nobody of a move that rolled back', async () => {
    const claim = await submitted('en');
    const queued = async () =>
      (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM outgoing_message`)).n;
    const before = await queued();
    await expect(
      t.database.db.transaction(async (tx) => {
        await insurerAction(
          tx,
          HANDLER,
          { today: TODAY, instant: NOW },
          claim.id,
          'decline',
          { note: 'No' },
          messenger,
        );
        throw new Error('the staff request failed after the move');
      }),
    ).rejects.toThrow('failed after the move');
    expect(await queued()).toBe(before);
    const stored = await one<{ status: string }>(
      sql`SELECT status FROM claim WHERE id = ${claim.id}`,
    );
    expect(stored.status).toBe('approval-requested');
  });
});
