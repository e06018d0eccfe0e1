// Reference lists of the platform (issue 7): occupations, incorporation types, stakeholder
// roles, environment settings, nationalities and banks; and the environment settings that
// switch read-only and maintenance mode on beside SERVICE_MODE.
import { STAKEHOLDER_ROLES } from '@clinicpass/shared/platform/enums';
import { fixedClock } from '@clinicpass/shared/time/clock';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANKS } from '../src/db/seed/stakeholder-data';
import { environmentSetting } from '../src/db/stakeholder-schema';
import { SERVICE_MODE_SETTINGS_TTL_MS } from '../src/modules/session/service-mode';
import { buildTestApp } from './build-app';
import { buildPolicyTestApp, PLAIN, type PolicyTestApp } from './policy-support';
import { call, expectError, expectFieldError, type Page } from './stakeholder-support';

const NOW = new Date('2026-11-22T04:00:00+08:00');
const ZH = { 'accept-language': 'zh-HK,zh;q=0.9' };

let t: PolicyTestApp;
beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
});
afterAll(async () => {
  await t.close();
});

describe('GET /underwriting/occupations', () => {
  it('lists occupations with industry and role in both languages, paged', async () => {
    const res = await call(t, 'GET', '/underwriting/occupations?page_size=5');
    expect(res.statusCode).toBe(200);
    const body = res.json<Page<Record<string, unknown>>>();
    expect(res.headers['content-range']).toBe(`items 0-4/${body.pagination.total}`);
    expect(body.pagination.total).toBe(30);
    expect(body.results[0]).toEqual({
      id: 1,
      industry: 'Banking and Finance',
      industry_en: 'Banking and Finance',
      industry_zh: '銀行及金融',
      role: 'Bank Teller',
      role_en: 'Bank Teller',
      role_zh: '銀行櫃員',
    });
    const zh = await call(t, 'GET', '/underwriting/occupations?page=7&page_size=5', {
      headers: ZH,
    });
    expect(zh.headers['content-range']).toBe('items */30');
    const last = await call(t, 'GET', '/underwriting/occupations?page=6&page_size=5', {
      headers: ZH,
    });
    expect(last.json<Page<{ role: string; industry: string }>>().results.at(-1)).toMatchObject({
      role: '退休人士',
      industry: '其他',
    });
    expectFieldError(await call(t, 'GET', '/underwriting/occupations?page=0'), 'querystring.page');
  });
});

describe('coded lists', () => {
  it('lists the stakeholder roles of the spec, described in the request’s language', async () => {
    const res = await call(t, 'GET', '/stakeholder-role', { headers: ZH });
    const body = res.json<Page<{ code: string; description: string; description_en: string }>>();
    expect(body.results.map((r) => r.code)).toEqual([...STAKEHOLDER_ROLES]);
    expect(body.results[1]).toEqual({
      code: 'director',
      description: '董事',
      description_en: 'Director',
      description_zh: '董事',
    });
    expect(res.headers['content-range']).toBe('items 0-5/6');
  });

  it('lists incorporation types', async () => {
    const res = await call(t, 'GET', '/incorporation-type');
    const body = res.json<Page<{ code: string; description: string }>>();
    expect(body.results.map((r) => r.code)).toContain('private-company-limited-by-shares');
    expect(body.results[0]).toMatchObject({
      code: 'sole-proprietorship',
      description: 'Sole proprietorship',
    });
  });

  it('lists nationalities in their order, Chinese first', async () => {
    const res = await call(t, 'GET', '/nationality?page_size=2', { headers: ZH });
    expect(res.json<Page<unknown>>().results).toEqual([
      { code: 'CHN', description: '中國', ordering: 1 },
      { code: 'GBR', description: '英國', ordering: 2 },
    ]);
    expect(res.headers['content-range']).toBe('items 0-1/24');
  });

  it('lists environment settings with key, value, default, type and is_active', async () => {
    const res = await call(t, 'GET', '/environment-setting');
    const body = res.json<Page<Record<string, unknown>>>();
    expect(body.results).toContainEqual({
      key: 'read_only_mode',
      value: 'false',
      default: 'false',
      type: 'boolean',
      is_active: true,
    });
    expect(body.results).toContainEqual({
      key: 'body_check_booking_phone',
      value: '2388 6633',
      default: null,
      type: 'string',
      is_active: true,
    });
  });
});

describe('GET /bank', () => {
  type BankBody = { id: number; code: string; name_en: string; name_zh: string; sequence: number };

  it('lists banks by sequence, 20 a page, with Content-Range', async () => {
    const res = await call(t, 'GET', '/bank');
    const body = res.json<Page<BankBody>>();
    expect(body.results).toHaveLength(20);
    expect(res.headers['content-range']).toBe(`items 0-19/${BANKS.length}`);
    expect(body.results[0]).toEqual({
      id: 1,
      code: '004',
      name_en: 'The Hongkong and Shanghai Banking Corporation Limited',
      name_zh: '香港上海滙豐銀行有限公司',
      sequence: 10,
    });
    const sequences = body.results.map((b) => b.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
  });

  it('filters is_active, orders by any allowed field, and answers all with no_pagination', async () => {
    const active = await call(t, 'GET', '/bank?is_active=true&no_pagination=true');
    const activeBody = active.json<Page<BankBody>>();
    const activeCount = BANKS.filter((b) => b[3]).length;
    expect(activeBody.results).toHaveLength(activeCount);
    expect(active.headers['content-range']).toBe(`items 0-${activeCount - 1}/${activeCount}`);
    expect(activeBody.results.map((b) => b.code)).not.toContain('038');

    const inactive = await call(t, 'GET', '/bank?is_active=false');
    expect(inactive.json<Page<BankBody>>().results.map((b) => b.code)).toEqual(['038', '061']);

    const byCode = await call(t, 'GET', '/bank?ordering=-code&page_size=3');
    expect(byCode.json<Page<BankBody>>().results.map((b) => b.code)).toEqual(['389', '387', '382']);
    const byName = await call(t, 'GET', '/bank?ordering=name_en&page_size=1');
    expect(byName.json<Page<BankBody>>().results[0]?.name_en).toBe(
      'Bank of China (Hong Kong) Limited',
    );
    const page2 = await call(t, 'GET', '/bank?page=2&page_size=20');
    expect(page2.headers['content-range']).toBe(`items 20-${BANKS.length - 1}/${BANKS.length}`);
  });

  it('refuses bad filters naming them', async () => {
    expectFieldError(await call(t, 'GET', '/bank?is_active=maybe'), 'querystring.is_active');
    expectFieldError(await call(t, 'GET', '/bank?ordering=swift'), 'querystring.ordering');
    expectFieldError(await call(t, 'GET', '/bank?no_pagination=1'), 'querystring.no_pagination');
  });
});

describe('service modes from the environment settings', () => {
  async function setSetting(key: string, values: { value?: string | null; isActive?: boolean }) {
    await t.database.db
      .update(environmentSetting)
      .set(values)
      .where(eq(environmentSetting.key, key));
    // Past the time a process trusts its last read.
    t.clock.advance(SERVICE_MODE_SETTINGS_TTL_MS + 1);
  }

  it('turns read-only mode on for writes while the setting is active and true', async () => {
    await setSetting('read_only_mode', { value: 'true' });
    expectError(
      await call(t, 'POST', '/stakeholder', { user: PLAIN, body: {} }),
      503,
      'read_only_mode',
    );
    expect((await call(t, 'GET', '/bank')).statusCode).toBe(200);
    // Inactive: the switch is off whatever its value.
    await setSetting('read_only_mode', { isActive: false });
    expectFieldError(
      await call(t, 'POST', '/stakeholder', { user: PLAIN, body: {} }),
      'body.name_en',
    );
    // Active with no value: its default (false) holds.
    await setSetting('read_only_mode', { isActive: true, value: null });
    expect((await call(t, 'DELETE', '/stakeholder/999999', { user: PLAIN })).statusCode).toBe(404);
  });

  it('turns maintenance on for every API call, and off again', async () => {
    await setSetting('maintenance_mode', { value: 'true' });
    expectError(await call(t, 'GET', '/bank'), 503, 'maintenance');
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await setSetting('maintenance_mode', { value: 'false' });
    expect((await call(t, 'GET', '/bank')).statusCode).toBe(200);
  });

  it('reads the settings at most once per interval', async () => {
    await setSetting('maintenance_mode', { value: 'false' });
    expect((await call(t, 'GET', '/bank')).statusCode).toBe(200);
    await t.database.db
      .update(environmentSetting)
      .set({ value: 'true' })
      .where(eq(environmentSetting.key, 'maintenance_mode'));
    expect((await call(t, 'GET', '/bank')).statusCode).toBe(200);
    t.clock.advance(SERVICE_MODE_SETTINGS_TTL_MS + 1);
    expectError(await call(t, 'GET', '/bank'), 503, 'maintenance');
    await setSetting('maintenance_mode', { value: 'false' });
  });

  it('works beside SERVICE_MODE: the stronger of the two holds', async () => {
    const ro = await buildTestApp({ seeded: true, env: { SERVICE_MODE: 'read_only' } });
    try {
      // Settings off: the configured read-only mode still holds.
      const write = await ro.app.inject({ method: 'DELETE', url: '/api/customer/stakeholder/1' });
      expect(write.json()).toMatchObject({ code: 'read_only_mode' });
      expect((await ro.app.inject({ url: '/api/customer/bank' })).statusCode).toBe(200);
    } finally {
      await ro.close();
    }
    const clock = fixedClock(NOW);
    const both = await buildTestApp({ seeded: true, clock, env: { SERVICE_MODE: 'read_only' } });
    try {
      await both.database.db
        .update(environmentSetting)
        .set({ value: 'true' })
        .where(eq(environmentSetting.key, 'maintenance_mode'));
      const read = await both.app.inject({ url: '/api/customer/bank' });
      expect(read.statusCode).toBe(503);
      expect(read.json()).toMatchObject({ code: 'maintenance' });
    } finally {
      await both.close();
    }
  });
});
