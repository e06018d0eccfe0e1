// Policy records of issues 6 and 7 on real PostgreSQL: claim balance and benefit allocation,
// tax reports, renewals, survey attempts, profile mappings and the event filters.
import { addDays, addMonths, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { sql } from 'drizzle-orm';
import type { Response as LightResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPolicyTestApp, OTHER, OWNER, PLAIN, type PolicyTestApp } from './policy-support';

const NOW = new Date();
const TODAY = hkToday(fixedClock(NOW));
const OP1_ACTIVATION = addDays(TODAY, -400);
const OP1_ANNIVERSARY = addMonths(OP1_ACTIVATION, 12);

let t: PolicyTestApp;
const ids: Record<string, number> = {};

interface Page<Item> {
  results: Item[];
  pagination: { start: number; end: number; total: number };
}
interface BalanceItem {
  benefit: string;
  limit: number | null;
  used: number;
  balance: number | null;
  allocated: number;
}
interface Balance {
  balance_items: BalanceItem[];
  evaluated_on: string;
  last_anniversary: string;
  annual_balance_limit: number | null;
  smm_annual_balance_limit: number | null;
  deductible_balance_limit: number | null;
  lifetime_balance_limit: number | null;
}

function as(user: string | null): Record<string, string> {
  return user === null ? {} : { 'x-test-user': user };
}

function get(url: string, user: string | null = OWNER): Promise<LightResponse> {
  return t.app.inject({ url: `/api/customer${url}`, headers: as(user) });
}

function send(
  method: 'POST' | 'DELETE',
  url: string,
  body: unknown,
  user: string | null = OWNER,
  key?: string,
): Promise<LightResponse> {
  return t.app.inject({
    method,
    url: `/api/customer${url}`,
    headers: { ...as(user), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

function fieldsOf(res: LightResponse): string[] {
  const body = res.json<{ code: string; details?: { issues: { path: string }[] } }>();
  expect(res.statusCode).toBe(400);
  expect(body.code).toBe('validation_error');
  return body.details?.issues.map((issue) => issue.path) ?? [];
}

async function count(table: string): Promise<number> {
  const result = await t.database.db.execute<{ n: number }>(
    sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
  );
  return result.rows[0]?.n ?? -1;
}

async function cashOf(id: number): Promise<number> {
  const detail = (await get(`/policy/${id}`)).json<{ outpatient_cash_balance: number }>();
  return detail.outpatient_cash_balance;
}

function item(balance: Balance, benefit: string): BalanceItem {
  const found = balance.balance_items.find((i) => i.benefit === benefit);
  if (!found) throw new Error(`no ${benefit}`);
  return found;
}

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  for (const user of [OWNER, PLAIN]) {
    for (const p of (await get('/policy', user)).json<Page<{ id: number; policy_number: string }>>()
      .results) {
      ids[p.policy_number] = p.id;
    }
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /policy/{id}/claim-balance', () => {
  it('gives each benefit its limit, what this policy year used and the balance', async () => {
    const res = await get(`/policy/${ids.OP1000001}/claim-balance`);
    expect(res.statusCode).toBe(200);
    const balance = res.json<Balance>();
    expect(balance.evaluated_on).toBe(TODAY);
    expect(balance.last_anniversary).toBe(OP1_ANNIVERSARY);
    // 5 visits before the anniversary no longer count; 1 + 2 since.
    expect(item(balance, 'general-practitioner')).toEqual({
      benefit: 'general-practitioner',
      name_en: 'General practitioner',
      name_zh: '普通科醫生',
      limit: 24,
      used: 3,
      balance: 21,
      allocated: 0,
    });
    expect(item(balance, 'specialist')).toMatchObject({ limit: 10, used: 1, balance: 9 });
    expect(item(balance, 'physiotherapy')).toMatchObject({ limit: 6, used: 2, balance: 4 });
    expect(item(balance, 'body-check')).toMatchObject({ limit: 1, used: 0, balance: 1 });
    // HK$12,000 a year less 220 + 440 + 650 + 800 paid this year.
    expect(balance.annual_balance_limit).toBe(12000 - 2110);
    expect(balance.smm_annual_balance_limit).toBeNull();
    expect(balance.deductible_balance_limit).toBeNull();
    expect(balance.lifetime_balance_limit).toBeNull();
  });

  it('counts surgical claims against the SMM limit of a VHIS policy', async () => {
    const balance = (await get(`/policy/${ids.VH1000003}/claim-balance`, PLAIN)).json<Balance>();
    expect(balance.last_anniversary).toBe(addDays(TODAY, -200));
    expect(item(balance, 'prescribed-imaging')).toMatchObject({
      limit: 50000,
      used: 8500,
      balance: 41500,
    });
    // HK$1,000 a day and HK$65,000 a surgery: 3 days and 1 surgery used leave each limit whole.
    expect(item(balance, 'room-and-board')).toMatchObject({ limit: 1000, used: 3, balance: 1000 });
    expect(item(balance, 'surgeon-fee')).toMatchObject({ limit: 65000, used: 1, balance: 65000 });
    expect(balance.annual_balance_limit).toBe(1000000 - 39500);
    expect(balance.smm_annual_balance_limit).toBe(300000 - 31000);
  });

  it('answers 404 for another customer’s policy and 401 for a guest', async () => {
    const res = await get(`/policy/${ids.VH1000003}/claim-balance`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('prescribed');
    expect((await get(`/policy/${ids.OP1000001}/claim-balance`, null)).statusCode).toBe(401);
    expect(fieldsOf(await get('/policy/abc/claim-balance'))).toContain('params.id');
  });
});

describe('POST /policy/{id}/allocate-benefit', () => {
  it('moves cash onto a benefit once per Idempotency-Key and records an event', async () => {
    const before = await cashOf(ids.OP1000001 ?? 0);
    expect(before).toBe(350);
    const body = { benefit: 'physiotherapy', amount: 120.5 };
    const first = await send(
      'POST',
      `/policy/${ids.OP1000001}/allocate-benefit`,
      body,
      OWNER,
      'alloc-1',
    );
    expect(first.statusCode).toBe(200);
    expect(item(first.json<Balance>(), 'physiotherapy').allocated).toBe(120.5);
    const replay = await send(
      'POST',
      `/policy/${ids.OP1000001}/allocate-benefit`,
      body,
      OWNER,
      'alloc-1',
    );
    expect(replay.json()).toEqual(first.json());
    expect(await cashOf(ids.OP1000001 ?? 0)).toBe(229.5);
    const reused = await send(
      'POST',
      `/policy/${ids.OP1000001}/allocate-benefit`,
      { benefit: 'physiotherapy', amount: 1 },
      OWNER,
      'alloc-1',
    );
    expect(reused.statusCode).toBe(422);
    const events = (await get('/policy-event?event_type=benefit-allocated')).json<
      Page<{ payload: { amount: number; cash_balance: number } }>
    >();
    expect(events.results.map((e) => e.payload)).toEqual([
      { benefit: 'physiotherapy', amount: 120.5, cash_balance: 229.5 },
    ]);
  });

  it('refuses more than the cash balance with 409 and changes nothing', async () => {
    const cash = await cashOf(ids.OP1000001 ?? 0);
    const allocations = await count('policy_benefit_allocation');
    const res = await send('POST', `/policy/${ids.OP1000001}/allocate-benefit`, {
      benefit: 'specialist',
      amount: cash + 0.01,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'insufficient_cash_balance' });
    expect(await cashOf(ids.OP1000001 ?? 0)).toBe(cash);
    expect(await count('policy_benefit_allocation')).toBe(allocations);
  });

  it('refuses a product without a cash scheme with 409', async () => {
    const res = await send(
      'POST',
      `/policy/${ids.VH1000003}/allocate-benefit`,
      { benefit: 'prescribed-imaging', amount: 10 },
      PLAIN,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'insufficient_cash_balance' });
  });

  it('names the field of a bad body: unknown benefit, fractions of a cent, no amount', async () => {
    const url = `/policy/${ids.OP1000001}/allocate-benefit`;
    expect(fieldsOf(await send('POST', url, { benefit: 'dental', amount: 5 }))).toEqual([
      'body.benefit',
    ]);
    expect(fieldsOf(await send('POST', url, { benefit: 'specialist', amount: 1.005 }))).toEqual([
      'body.amount',
    ]);
    expect(fieldsOf(await send('POST', url, { benefit: 'specialist' }))).toContain('body.amount');
    expect(fieldsOf(await send('POST', url, { benefit: 'specialist', amount: -1 }))).toContain(
      'body.amount',
    );
  });

  it('refuses a policy that is no longer active with 409 invalid_state_transition', async () => {
    await t.database.db.execute(
      sql`UPDATE policy SET status = 'lapsed' WHERE policy_number = 'OP1000002'`,
    );
    try {
      const res = await send('POST', `/policy/${ids.OP1000002}/allocate-benefit`, {
        benefit: 'specialist',
        amount: 0,
      });
      expect(fieldsOf(res)).toContain('body.amount');
      const lapsed = await send('POST', `/policy/${ids.OP1000002}/allocate-benefit`, {
        benefit: 'specialist',
        amount: 1,
      });
      expect(lapsed.statusCode).toBe(409);
      expect(lapsed.json()).toMatchObject({ code: 'invalid_state_transition' });
    } finally {
      await t.database.db.execute(
        sql`UPDATE policy SET status = 'in-force' WHERE policy_number = 'OP1000002'`,
      );
    }
  });
});

describe('GET /tax-report and /policy-renewal', () => {
  it('lists the caller’s tax reports, filtered by policy number, with Content-Range', async () => {
    const res = await get('/tax-report');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('items 0-0/1');
    const [report] =
      res.json<Page<{ start_date: string; end_date: string; document: { url: string } }>>().results;
    expect(report?.end_date).toMatch(/-03-31$/);
    expect(report?.document.url).toMatch(/^\/api\/customer\/tax-report\/\d+\/document$/);
    expect(
      (await get('/tax-report?policy_number=OP1000002')).json<Page<unknown>>().results,
    ).toEqual([]);
    const plain = (await get('/tax-report?policy_number=VH1000003', PLAIN)).json<
      Page<{ start_date: string; end_date: string; document: { name: string; name_zh?: string } }>
    >();
    // VH1000003 began after the last tax year ended: a statement of this tax year to date.
    expect(plain.results.map((r) => [r.start_date, r.end_date])).toEqual([
      [addDays(TODAY, -200), TODAY],
    ]);
    // Its name in both languages (decision 222).
    expect(plain.results[0]?.document.name).toMatch(/^Premium statement \d{4}\/\d{2} \(to date\)$/);
    expect(plain.results[0]?.document.name_zh).toMatch(/^\d{4}\/\d{2} 年度保費結單（截至今日）$/);
    expect(
      (await get('/tax-report?policy_number=VH1000003')).json<Page<unknown>>().results,
    ).toEqual([]);
    expect(fieldsOf(await get('/tax-report?policy_number=OP%201'))).toContain(
      'querystring.policy_number',
    );
  });

  it('lists renewals latest first, with the notice once issued, paged', async () => {
    const all = (await get('/policy-renewal')).json<
      Page<{
        policy_number: string;
        renewal_date: string;
        document: { name: string; name_zh?: string } | null;
      }>
    >();
    const expected: [string, string][] = [
      ['OP1000001', addMonths(OP1_ACTIVATION, 24)],
      ['OP1000002', addMonths(addDays(TODAY, -30), 12)],
    ];
    expected.sort((a, b) => (a[1] < b[1] ? 1 : -1));
    expect(all.results.map((r) => [r.policy_number, r.renewal_date])).toEqual([
      ...expected,
      ['OP1000001', OP1_ANNIVERSARY],
    ]);
    expect(all.results[2]?.document?.name).toBe('Renewal notice');
    expect(all.results[2]?.document?.name_zh).toBe('續保通知書');
    expect(all.results[0]?.document).toBeNull();
    const op1 = await get('/policy-renewal?policy_number=OP1000001&page=2&page_size=1');
    expect(op1.headers['content-range']).toBe('items 1-1/2');
    expect(fieldsOf(await get('/policy-renewal?page_size=0'))).toContain('querystring.page_size');
  });
});

describe('POST /policy-survey-attempt', () => {
  it('records an attempt on the caller’s policy, once per Idempotency-Key', async () => {
    const body = { policy: ids.OP1000001, attempt: { nps: 9, comment: 'Quick at the clinic' } };
    const res = await send('POST', '/policy-survey-attempt', body, OWNER, 'survey-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), ...body });
    const attempts = await count('policy_survey_attempt');
    const replay = await send('POST', '/policy-survey-attempt', body, OWNER, 'survey-1');
    expect(replay.json()).toEqual(res.json());
    expect(await count('policy_survey_attempt')).toBe(attempts);
  });

  it('answers 404 for another customer’s policy and 400 naming a bad field', async () => {
    const before = await count('policy_survey_attempt');
    const theirs = await send('POST', '/policy-survey-attempt', {
      policy: ids.VH1000003,
      attempt: { nps: 1 },
    });
    expect(theirs.statusCode).toBe(404);
    expect(await count('policy_survey_attempt')).toBe(before);
    expect(
      fieldsOf(await send('POST', '/policy-survey-attempt', { policy: ids.OP1000001 })),
    ).toContain('body.attempt');
    expect(
      fieldsOf(
        await send('POST', '/policy-survey-attempt', {
          policy: ids.OP1000001,
          attempt: { text: 'x'.repeat(10_001) },
        }),
      ),
    ).toEqual(['body.attempt']);
    expect(
      fieldsOf(await send('POST', '/policy-survey-attempt', { policy: 'one', attempt: {} })),
    ).toContain('body.policy');
  });
});

describe('policy profile mappings', () => {
  interface Mapping {
    id: number;
    policy_number: string;
    role: string;
    profile: number;
    parameters: Record<string, unknown>;
  }

  it('lists the caller’s mappings, filtered by policy number and role', async () => {
    const all = await get('/policy-profile-mapping');
    expect(all.headers['content-range']).toBe('items 0-3/4');
    expect(all.json<Page<Mapping>>().results.map((m) => [m.policy_number, m.role])).toEqual([
      ['OP1000001', 'policyholder'],
      ['OP1000001', 'payor'],
      ['OP1000002', 'policyholder'],
      ['OP1000002', 'insured-life'],
    ]);
    const payors = (await get('/policy-profile-mapping?role=payor')).json<Page<Mapping>>();
    expect(payors.results).toEqual([
      expect.objectContaining({
        policy_number: 'OP1000001',
        parameters: { share_percentage: 100 },
      }),
    ]);
    const op2 = (await get('/policy-profile-mapping?policy_number=OP1000002')).json<
      Page<Mapping>
    >();
    expect(op2.pagination.total).toBe(2);
    expect(
      (await get('/policy-profile-mapping?policy_number=VH1000003')).json<Page<Mapping>>().results,
    ).toEqual([]);
    expect(fieldsOf(await get('/policy-profile-mapping?role=boss'))).toContain('querystring.role');
  });

  it('creates, reads and deletes a mapping; a duplicate is 409; the last policyholder stays', async () => {
    const op2 = (await get('/policy-profile-mapping?policy_number=OP1000002')).json<Page<Mapping>>()
      .results;
    const holder = op2.find((m) => m.role === 'policyholder');
    const insured = op2.find((m) => m.role === 'insured-life');
    if (!holder || !insured) throw new Error('mappings missing');
    const body = {
      policy_number: 'OP1000002',
      role: 'payor',
      profile: holder.profile,
      parameters: { share_percentage: 100 },
    };
    const created = await send('POST', '/policy-profile-mapping', body, OWNER, 'map-1');
    expect(created.statusCode).toBe(200);
    const mapping = created.json<Mapping>();
    expect(mapping).toMatchObject(body);
    expect((await send('POST', '/policy-profile-mapping', body, OWNER, 'map-1')).json()).toEqual(
      mapping,
    );
    const twice = await send('POST', '/policy-profile-mapping', body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'conflict' });
    expect((await get(`/policy-profile-mapping/${mapping.id}`)).json()).toEqual(mapping);

    const deleted = await send('DELETE', `/policy-profile-mapping/${mapping.id}`, undefined);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await get(`/policy-profile-mapping/${mapping.id}`)).statusCode).toBe(404);
    expect(
      (await send('DELETE', `/policy-profile-mapping/${mapping.id}`, undefined)).statusCode,
    ).toBe(404);

    const last = await send('DELETE', `/policy-profile-mapping/${holder.id}`, undefined);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'conflict' });
    expect((await get(`/policy-profile-mapping/${holder.id}`)).statusCode).toBe(200);
  });

  it('refuses a profile of another policy or in another role, naming the field', async () => {
    const op2 = (await get('/policy-profile-mapping?policy_number=OP1000002')).json<Page<Mapping>>()
      .results;
    const insured = op2.find((m) => m.role === 'insured-life');
    if (!insured) throw new Error('insured-life mapping missing');
    const before = await count('policy_profile_mapping');
    expect(
      fieldsOf(
        await send('POST', '/policy-profile-mapping', {
          policy_number: 'OP1000001',
          role: 'payor',
          profile: insured.profile,
        }),
      ),
    ).toEqual(['body.profile']);
    expect(
      fieldsOf(
        await send('POST', '/policy-profile-mapping', {
          policy_number: 'OP1000002',
          role: 'beneficiary',
          profile: insured.profile,
        }),
      ),
    ).toEqual(['body.role']);
    expect(
      fieldsOf(
        await send('POST', '/policy-profile-mapping', {
          policy_number: 'OP1000002',
          role: 'x',
          profile: 1,
        }),
      ),
    ).toContain('body.role');
    const theirs = await send('POST', '/policy-profile-mapping', {
      policy_number: 'VH1000003',
      role: 'payor',
      profile: insured.profile,
    });
    expect(theirs.statusCode).toBe(404);
    expect(await count('policy_profile_mapping')).toBe(before);
  });
});

describe('GET /policy-event filters', () => {
  const dated = (date: string) => `${date}T00:00:00+08:00`;

  it('compares create_date as a Hong Kong date with each variant', async () => {
    const at = async (query: string) =>
      (await get(`/policy-event?policy_number=OP1000001&${query}`))
        .json<Page<{ event_type: string }>>()
        .results.map((e) => e.event_type)
        .filter((type) => type !== 'benefit-allocated');
    const notice = addDays(OP1_ANNIVERSARY, -30);
    expect(await at(`create_date=${notice}`)).toEqual(['renewal-notice-issued']);
    expect(await at(`create_date__gt=${notice}`)).toEqual(['policy-renewed']);
    expect(await at(`create_date__gte=${notice}`)).toEqual([
      'policy-renewed',
      'renewal-notice-issued',
    ]);
    expect(await at(`create_date__lt=${notice}`)).toEqual(['policy-issued']);
    expect(await at(`create_date__lte=${notice}`)).toEqual([
      'renewal-notice-issued',
      'policy-issued',
    ]);
    expect(
      await at(`create_date__gt=${OP1_ACTIVATION}&create_date__lt=${OP1_ANNIVERSARY}`),
    ).toEqual(['renewal-notice-issued']);
    expect(dated(notice)).toContain(notice);
  });

  it('filters by event type across the caller’s policies only', async () => {
    const changed = (await get('/policy-event?event_type=billing-frequency-changed')).json<
      Page<{ payload: { policy_number: string } }>
    >();
    expect(changed.results.map((e) => e.payload.policy_number)).toEqual(['OP1000002']);
    expect(
      (await get('/policy-event?event_type=tax-report-issued')).json<Page<unknown>>().results,
    ).toEqual([]);
    expect(
      (await get('/policy-event?event_type=tax-report-issued', PLAIN)).json<Page<unknown>>()
        .pagination.total,
    ).toBe(1);
    expect((await get('/policy-event', OTHER)).json<Page<unknown>>().results).toEqual([]);
    for (const name of ['create_date', 'create_date__gte', 'create_date__lt', 'create_date__lte']) {
      expect(fieldsOf(await get(`/policy-event?${name}=yesterday`))).toContain(
        `querystring.${name}`,
      );
    }
  });
});
