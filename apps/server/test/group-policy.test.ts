// Group policies and redeem letters on real PostgreSQL: movement date ranges, removing members
// (legal and illegal moves, idempotent replays), group documents and redeeming a member policy.
import { maskHkid } from '@clinicpass/shared/identity/hkid';
import { addDays, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { eq, sql } from 'drizzle-orm';
import type { Response as LightResponse } from 'light-my-request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lookupFailureCounter } from '../src/db/outpatient-schema';
import { groupMemberPolicy, groupPolicy } from '../src/db/platform-schema';
import { member, policy } from '../src/db/schema';
import { GROUP_DEMO } from '../src/db/seed/platform-demo';
import { hkidLookupHash } from '../src/lib/hkid-hash';
import { captchaHeader } from './captcha-support';
import { TEST_SECRET_KEY } from './constants';
import { buildPolicyTestApp, OTHER, OWNER, PLAIN, type PolicyTestApp } from './policy-support';

const NOW = new Date();
const TODAY = hkToday(fixedClock(NOW));
const PERIOD_START = addDays(TODAY, -150);

let t: PolicyTestApp;
const groups: Record<string, number> = {};
const members: Record<string, number> = {};

interface Page<Item> {
  results: Item[];
  pagination: { start: number; end: number; total: number };
}

function as(user: string | null): Record<string, string> {
  return user === null ? {} : { 'x-test-user': user };
}
function get(url: string, user: string | null = OWNER): Promise<LightResponse> {
  return t.app.inject({ url: `/api/customer${url}`, headers: as(user) });
}
function post(url: string, body: unknown, user: string | null = OWNER, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/customer${url}`,
    headers: { ...as(user), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body as object,
  });
}
function fieldsOf(res: LightResponse): string[] {
  const body = res.json<{ code: string; details?: { issues: { path: string }[] } }>();
  expect(res.statusCode).toBe(400);
  expect(body.code).toBe('validation_error');
  return body.details?.issues.map((issue) => issue.path) ?? [];
}

async function memberStates(): Promise<Record<string, string>> {
  const rows = await t.database.db
    .select({
      number: policy.policyNumber,
      status: groupMemberPolicy.status,
      policy: policy.status,
    })
    .from(groupMemberPolicy)
    .innerJoin(policy, eq(policy.id, groupMemberPolicy.policyId));
  return Object.fromEntries(rows.map((r) => [r.number, `${r.status}/${r.policy}`]));
}

async function ownerOf(number: string): Promise<string | null> {
  const [row] = await t.database.db
    .select({ owner: policy.ownerUserId })
    .from(policy)
    .where(eq(policy.policyNumber, number));
  return row?.owner ?? null;
}

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  for (const row of await t.database.db.select().from(groupPolicy)) {
    groups[row.groupPolicyNumber] = row.id;
  }
  for (const row of await t.database.db
    .select({ id: groupMemberPolicy.id, number: policy.policyNumber })
    .from(groupMemberPolicy)
    .innerJoin(policy, eq(policy.id, groupMemberPolicy.policyId))) {
    members[row.number] = row.id;
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /group-member-policy/{id}/movement-date-range', () => {
  it('runs from the latest of join date, period start and 30 days back to 90 days ahead', async () => {
    const joinedLongAgo = await get(
      `/group-member-policy/${members.GM2000011}/movement-date-range`,
    );
    expect(joinedLongAgo.statusCode).toBe(200);
    expect(joinedLongAgo.json()).toEqual({
      start_date: addDays(TODAY, -30),
      end_date: addDays(TODAY, 90),
    });
    const joinedRecently = await get(
      `/group-member-policy/${members.GM2000012}/movement-date-range`,
    );
    expect(joinedRecently.json()).toMatchObject({ start_date: addDays(TODAY, -30) });
  });

  it('stops at the join date and at the group period’s end', async () => {
    await t.database.db
      .update(groupPolicy)
      .set({ periodEndDate: addDays(TODAY, 10) })
      .where(eq(groupPolicy.id, groups.GP2000001 ?? 0));
    await t.database.db
      .update(groupMemberPolicy)
      .set({ joinDate: addDays(TODAY, -3) })
      .where(eq(groupMemberPolicy.id, members.GM2000013 ?? 0));
    try {
      const res = await get(`/group-member-policy/${members.GM2000013}/movement-date-range`);
      expect(res.json()).toEqual({ start_date: addDays(TODAY, -3), end_date: addDays(TODAY, 10) });
    } finally {
      await t.database.db
        .update(groupPolicy)
        .set({ periodEndDate: addDays(addDays(PERIOD_START, 365), 0) })
        .where(eq(groupPolicy.id, groups.GP2000001 ?? 0));
      await t.database.db
        .update(groupMemberPolicy)
        .set({ joinDate: addDays(TODAY, -40) })
        .where(eq(groupMemberPolicy.id, members.GM2000013 ?? 0));
    }
  });

  it('answers 409 for a removed member, 404 for another administrator’s member, 400 for a bad id', async () => {
    const removed = await get(`/group-member-policy/${members.GM2000014}/movement-date-range`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({ code: 'invalid_state_transition' });
    const theirs = await get(`/group-member-policy/${members.GM2000021}/movement-date-range`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('GM2000021');
    expect(
      (await get(`/group-member-policy/${members.GM2000021}/movement-date-range`, PLAIN))
        .statusCode,
    ).toBe(200);
    expect(fieldsOf(await get('/group-member-policy/0/movement-date-range'))).toContain(
      'params.id',
    );
  });
});

describe('POST /group-policy/{id}/remove', () => {
  it('refuses a date outside the range with 409 and changes nothing', async () => {
    const before = await memberStates();
    for (const date of [addDays(TODAY, -31), addDays(TODAY, 91)]) {
      const res = await post(`/group-policy/${groups.GP2000001}/remove`, {
        member_policy_numbers: ['GM2000011'],
        effective_date: date,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'movement_date_out_of_range',
        details: { start_date: addDays(TODAY, -30), end_date: addDays(TODAY, 90) },
      });
    }
    expect(await memberStates()).toEqual(before);
  });

  it('refuses a removed member (409), a number of another group (404) and bad bodies (400)', async () => {
    const before = await memberStates();
    const removed = await post(`/group-policy/${groups.GP2000001}/remove`, {
      member_policy_numbers: ['GM2000011', 'GM2000014'],
      effective_date: TODAY,
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({ code: 'invalid_state_transition' });
    const foreign = await post(`/group-policy/${groups.GP2000001}/remove`, {
      member_policy_numbers: ['GM2000011', 'GM2000021'],
      effective_date: TODAY,
    });
    expect(foreign.statusCode).toBe(404);
    const theirGroup = await post(`/group-policy/${groups.GP2000002}/remove`, {
      member_policy_numbers: ['GM2000021'],
      effective_date: TODAY,
    });
    expect(theirGroup.statusCode).toBe(404);
    expect(theirGroup.body).not.toContain('Kowloon');
    expect(
      fieldsOf(
        await post(`/group-policy/${groups.GP2000001}/remove`, {
          member_policy_numbers: [],
          effective_date: TODAY,
        }),
      ),
    ).toContain('body.member_policy_numbers');
    expect(
      fieldsOf(
        await post(`/group-policy/${groups.GP2000001}/remove`, {
          member_policy_numbers: ['GM2000011'],
          effective_date: '2026-02-30',
        }),
      ),
    ).toContain('body.effective_date');
    expect(await memberStates()).toEqual(before);
  });

  it('removes a principal with her dependant, once per Idempotency-Key, with events', async () => {
    const body = { member_policy_numbers: ['GM2000012'], effective_date: addDays(TODAY, 14) };
    const res = await post(`/group-policy/${groups.GP2000001}/remove`, body, OWNER, 'remove-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      removed_policy_numbers: ['GM2000012', 'GM2000013'],
      effective_date: addDays(TODAY, 14),
    });
    const replay = await post(`/group-policy/${groups.GP2000001}/remove`, body, OWNER, 'remove-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(res.json());
    const states = await memberStates();
    expect(states.GM2000012).toBe('removed/terminated');
    expect(states.GM2000013).toBe('removed/terminated');
    expect(states.GM2000011).toBe('active/in-force');
    const again = await post(`/group-policy/${groups.GP2000001}/remove`, body);
    expect(again.statusCode).toBe(409);
    const events = await t.database.db.execute<{ event_type: string; n: number }>(sql`
      SELECT e.event_type, count(*)::int AS n FROM policy_event e JOIN policy p ON p.id = e.policy_id
      WHERE p.policy_number IN ('GM2000012', 'GM2000013') AND e.event_type = 'member-removed'
      GROUP BY e.event_type`);
    expect(events.rows).toEqual([{ event_type: 'member-removed', n: 2 }]);
  });

  it('refuses a group policy that is no longer in force with 409', async () => {
    await t.database.db
      .update(groupPolicy)
      .set({ status: 'terminated' })
      .where(eq(groupPolicy.id, groups.GP2000002 ?? 0));
    try {
      const res = await post(
        `/group-policy/${groups.GP2000002}/remove`,
        { member_policy_numbers: ['GM2000021'], effective_date: TODAY },
        PLAIN,
      );
      expect(res.statusCode).toBe(409);
      expect((await memberStates()).GM2000021).toBe('active/in-force');
    } finally {
      await t.database.db
        .update(groupPolicy)
        .set({ status: 'in-force' })
        .where(eq(groupPolicy.id, groups.GP2000002 ?? 0));
    }
  });
});

describe('GET /policy-product-document', () => {
  interface Doc {
    name_en: string;
    category: string;
    platforms: string[];
    product_code: string;
  }

  it('lists the documents in force of the groups the caller administers, with filters', async () => {
    const all = await get('/policy-product-document');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-range']).toBe('items 0-2/3');
    expect(all.json<Page<Doc>>().results.map((d) => d.category)).toEqual([
      'policy-provisions',
      'member-guide',
      'claim',
    ]);
    expect(all.json<Page<Doc>>().results[0]?.product_code).toBe('OUTPATIENT-GO');
    const app = (await get('/policy-product-document?platform=app')).json<Page<Doc>>();
    expect(app.results.map((d) => d.category)).toEqual(['member-guide']);
    const claim = (await get('/policy-product-document?category=claim')).json<Page<Doc>>();
    expect(claim.results.map((d) => d.platforms)).toEqual([['portal']]);
    expect(
      (await get('/policy-product-document?group_policy_number=GP2000002')).json<Page<Doc>>()
        .results,
    ).toEqual([]);
    const plain = (await get('/policy-product-document?group_policy_number=GP2000002', PLAIN)).json<
      Page<Doc>
    >();
    expect(plain.results.map((d) => d.name_en)).toEqual(['Kowloon Bakery outpatient scheme rules']);
    expect((await get('/policy-product-document', OTHER)).json<Page<Doc>>().results).toEqual([]);
  });

  it('pages with Content-Range, or answers every document with no_pagination', async () => {
    const second = await get('/policy-product-document?page=2&page_size=2');
    expect(second.headers['content-range']).toBe('items 2-2/3');
    expect(second.json<Page<Doc>>().results).toHaveLength(1);
    const whole = await get('/policy-product-document?no_pagination=true&page_size=1');
    expect(whole.json<Page<Doc>>().results).toHaveLength(3);
    expect(fieldsOf(await get('/policy-product-document?platform=fax'))).toContain(
      'querystring.platform',
    );
    expect(fieldsOf(await get('/policy-product-document?no_pagination=maybe'))).toContain(
      'querystring.no_pagination',
    );
  });
});

describe('redeem letters', () => {
  // Each test starts with no redeem failures counted (decision 141).
  beforeEach(async () => {
    await t.database.db.delete(lookupFailureCounter);
  });

  interface Redeemed {
    policy: {
      policy_number: string;
      user_id: string | null;
      insured_life: { identity: { first_name: string } };
    };
    dependents: { policy_number: string; insured_life: { relationship_to_policyholder: string } }[];
  }

  it('validates a letter without redeeming it; a wrong birth date or code is one 404', async () => {
    const body = {
      member_code: GROUP_DEMO.secondRedeemCode,
      date_of_birth: GROUP_DEMO.secondRedeemDateOfBirth,
    };
    const res = await post('/policy/redeem-validation', body, PLAIN);
    expect(res.statusCode).toBe(200);
    expect(res.json<Redeemed>().policy.policy_number).toBe('GM2000011');
    expect(res.json<Redeemed>().dependents).toEqual([]);
    expect(await ownerOf('GM2000011')).toBeNull();
    const wrongBirth = await post(
      '/policy/redeem-validation',
      { ...body, date_of_birth: '1979-02-09' },
      PLAIN,
    );
    const wrongCode = await post(
      '/policy/redeem-validation',
      { ...body, member_code: 'CPW0-0000-0000' },
      PLAIN,
    );
    const expired = await post(
      '/policy/redeem-validation',
      { member_code: GROUP_DEMO.expiredRedeemCode, date_of_birth: '1995-04-17' },
      PLAIN,
    );
    for (const refused of [wrongBirth, wrongCode, expired]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(wrongBirth.json());
    }
    expect(
      fieldsOf(await post('/policy/redeem-validation', { date_of_birth: '1979-02-08' }, PLAIN)),
    ).toContain('body.identity_document_number');
    expect(
      fieldsOf(await post('/policy/redeem-validation', { member_code: 'x' }, PLAIN)),
    ).toContain('body.date_of_birth');
    expect((await post('/policy/redeem-validation', body, null)).statusCode).toBe(401);
  });

  it('redeems once: the policy joins the account; the same account may retry, no other', async () => {
    const body = {
      member_code: ' cpw3 m8rt 5ybn ',
      date_of_birth: GROUP_DEMO.secondRedeemDateOfBirth,
    };
    const first = await post('/policy/redeem', body, PLAIN);
    expect(first.statusCode).toBe(200);
    expect(first.json<Redeemed>().policy.user_id).toBe(await t.userId(PLAIN));
    const retry = await post('/policy/redeem', body, PLAIN);
    expect(retry.json()).toEqual(first.json());
    const other = await post('/policy/redeem', body, OTHER);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'redeem_code_used' });
    expect((await post('/policy/redeem-validation', body, PLAIN)).statusCode).toBe(409);
    expect(await ownerOf('GM2000011')).toBe(await t.userId(PLAIN));
    const listed = (await get('/policy?policy_number=GM2000011', PLAIN)).json<Page<unknown>>();
    expect(listed.pagination.total).toBe(1);
  });

  it('redeems with the member’s HKID and brings the dependants; replays with its key', async () => {
    // The HKID of OP1000001's member too: only the member with a letter is redeemed.
    const hkid = 'A123456(3)';
    const [gm12] = await t.database.db
      .select({ id: policy.id })
      .from(policy)
      .where(eq(policy.policyNumber, 'GM2000012'));
    await t.database.db.insert(member).values({
      policyId: gm12?.id ?? 0,
      memberCode: 'GM2000012-01',
      membershipNumber: 'M-GM2000012-01',
      hkidHash: hkidLookupHash(TEST_SECRET_KEY, hkid),
      hkidMasked: maskHkid(hkid),
      nameEn: 'Cheung Mei Ling',
      nameZh: '張美玲',
      relationship: 'self',
    });
    const body = {
      identity_document_number: 'a123456 3',
      date_of_birth: GROUP_DEMO.redeemDateOfBirth,
    };
    expect(
      fieldsOf(
        await post('/policy/redeem', { ...body, identity_document_number: 'A1234560' }, OTHER),
      ),
    ).toEqual(['body.identity_document_number']);
    const res = await post('/policy/redeem', body, OTHER, 'redeem-1');
    expect(res.statusCode).toBe(200);
    const redeemed = res.json<Redeemed>();
    expect(redeemed.policy.policy_number).toBe('GM2000012');
    expect(
      redeemed.dependents.map((d) => [
        d.policy_number,
        d.insured_life.relationship_to_policyholder,
      ]),
    ).toEqual([['GM2000013', 'child']]);
    expect(await ownerOf('GM2000013')).toBe(await t.userId(OTHER));
    const replay = await post('/policy/redeem', body, OTHER, 'redeem-1');
    expect(replay.json()).toEqual(res.json());
    const byCode = await post(
      '/policy/redeem',
      { member_code: GROUP_DEMO.redeemCode, date_of_birth: GROUP_DEMO.redeemDateOfBirth },
      OWNER,
    );
    expect(byCode.statusCode).toBe(409);
    expect(await ownerOf('GM2000012')).toBe(await t.userId(OTHER));
  });

  it('limits failed attempts per user and per address: a captcha after 3, 429 after 10', async () => {
    // Right details: 200, or 409 once an earlier test has redeemed the letter.
    const right = {
      member_code: GROUP_DEMO.secondRedeemCode,
      date_of_birth: GROUP_DEMO.secondRedeemDateOfBirth,
    };
    const matched = (res: LightResponse) => {
      expect([200, 409]).toContain(res.statusCode);
    };
    const wrong = { ...right, date_of_birth: '1900-01-01' };
    const attempt = async (
      url: string,
      body: object,
      user: string,
      address: string,
      withCaptcha = false,
    ) =>
      t.app.inject({
        method: 'POST',
        url: `/api/customer${url}`,
        remoteAddress: address,
        headers: { ...as(user), ...(withCaptcha ? await captchaHeader(t.app) : {}) },
        payload: body,
      });
    const VALIDATE = '/policy/redeem-validation';
    for (let i = 0; i < 3; i += 1) {
      expect((await attempt(VALIDATE, wrong, PLAIN, '10.15.0.1')).statusCode).toBe(404);
    }
    // The fourth needs a captcha, right details or not; one refused for want of it costs nothing.
    for (const body of [wrong, right]) {
      const refused = await attempt(VALIDATE, body, PLAIN, '10.15.0.1');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'captcha_required' });
    }
    matched(await attempt(VALIDATE, right, PLAIN, '10.15.0.1', true));
    for (let i = 3; i < 10; i += 1) {
      expect((await attempt(VALIDATE, wrong, PLAIN, '10.15.0.1', true)).statusCode).toBe(404);
    }
    // Ten failures: the user is refused from any address, and the address for any user, even
    // with the right details and a captcha; redeeming too.
    for (const [url, user, address] of [
      [VALIDATE, PLAIN, '10.15.0.1'],
      [VALIDATE, PLAIN, '10.15.0.2'],
      [VALIDATE, OTHER, '10.15.0.1'],
      ['/policy/redeem', PLAIN, '10.15.0.3'],
    ] as const) {
      const limited = await attempt(url, right, user, address, true);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'limit_exceeded' });
    }
    // Another user at another address is not held back.
    matched(await attempt(VALIDATE, right, OTHER, '10.15.0.4'));
    // Redeeming counts its failures the same way.
    for (let i = 0; i < 3; i += 1) {
      expect((await attempt('/policy/redeem', wrong, OWNER, '10.15.0.5')).statusCode).toBe(404);
    }
    const redeem = await attempt('/policy/redeem', wrong, OWNER, '10.15.0.5');
    expect(redeem.json()).toMatchObject({ code: 'captcha_required' });
  });
});
