// Body-check centres and the booking line edited in the back office (issue 39, decision 303):
// the admin adds, changes and withdraws centres and sets the booking line, each change audited
// with before and after, and the member's body-check page shows the change at once.
import { fixedClock } from '@clinicpass/shared/time/clock';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-app';
import { staffSessionCookie } from './ops-support';

const NOW = new Date('2026-12-07T03:00:00.000Z');
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp({ seeded: true, clock: fixedClock(NOW) });
  admin = await staffSessionCookie(t.app, t.database.db, {
    email: 'centres.admin@clinicpass.example',
    roles: ['admin'],
    now: NOW,
  });
});
afterAll(async () => {
  await t.close();
});

const ops = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  path: string,
  payload?: object,
  cookie = admin,
) =>
  t.app.inject({
    method,
    url: `/api/ops${path}`,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload }),
  });
interface MemberCentre {
  code: string;
  name: string;
  hours: string;
  hours_en: string;
  hours_zh: string;
}
async function memberPage(language = 'en') {
  const res = await t.app.inject({
    url: '/api/customer/body-check',
    headers: { 'accept-language': language },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ booking_phone: string | null; centres: MemberCentre[] }>();
}
async function auditOf(targetId: string) {
  const res = await ops('GET', `/audit?target_kind=body-check-centre&target_id=${targetId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { actor: string; action: string; before: unknown; after: unknown }[] }>()
    .items;
}
const issuePaths = (res: LightMyRequestResponse) =>
  (res.json<{ details?: { issues?: { path: string }[] } }>().details?.issues ?? []).map(
    (issue) => issue.path,
  );

const NEW_CENTRE = {
  code: 'tsuen-wan',
  name_en: 'Tsuen Wan Centre',
  name_zh: '荃灣中心',
  address_en: '8/F, 1 Sha Tsui Road, Tsuen Wan',
  address_zh: '荃灣沙咀道1號8樓',
  hours_en: 'Monday to Friday, 9:00 to 18:00',
  hours_zh: '星期一至五，上午9時至下午6時',
};

describe('body-check centres in the back office', () => {
  it('changes a centre’s hours in both languages; the member’s page shows them, audited', async () => {
    const list = await ops('GET', '/body-check-centres');
    expect(list.statusCode, list.body).toBe(200);
    const codes = list.json<{ items: { code: string }[] }>().items.map((item) => item.code);
    expect(codes).toEqual(['mong-kok', 'causeway-bay']);

    const changed = await ops('PATCH', '/body-check-centres/mong-kok', {
      hours_en: 'Monday to Sunday, 8:00 to 20:00',
      hours_zh: '星期一至日，上午8時至晚上8時',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      code: 'mong-kok',
      hours_en: 'Monday to Sunday, 8:00 to 20:00',
      is_active: true,
    });
    const [en, zh] = [await memberPage('en'), await memberPage('zh-HK')];
    expect(en.centres[0]).toMatchObject({
      code: 'mong-kok',
      hours: 'Monday to Sunday, 8:00 to 20:00',
    });
    expect(zh.centres[0]).toMatchObject({
      code: 'mong-kok',
      hours: '星期一至日，上午8時至晚上8時',
    });

    const [entry] = await auditOf('mong-kok');
    expect(entry).toMatchObject({
      actor: 'centres.admin@clinicpass.example',
      action: 'body-check-centre.update',
      before: { hours_en: 'Monday to Saturday, 9:00 to 17:00' },
      after: { hours_en: 'Monday to Sunday, 8:00 to 20:00' },
    });
  });

  it('adds a centre that goes last on the member’s page, and withdraws it from there', async () => {
    const added = await ops('POST', '/body-check-centres', NEW_CENTRE);
    expect(added.statusCode, added.body).toBe(200);
    expect((await memberPage()).centres.map((centre) => centre.code)).toEqual([
      'mong-kok',
      'causeway-bay',
      'tsuen-wan',
    ]);
    const withdrawn = await ops('PATCH', '/body-check-centres/tsuen-wan', { is_active: false });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await memberPage()).centres.map((centre) => centre.code)).toEqual([
      'mong-kok',
      'causeway-bay',
    ]);
    const all = await ops('GET', '/body-check-centres');
    expect(all.json<{ items: { code: string; is_active: boolean }[] }>().items).toContainEqual(
      expect.objectContaining({ code: 'tsuen-wan', is_active: false }),
    );
    expect((await auditOf('tsuen-wan')).map((entry) => entry.action)).toEqual([
      'body-check-centre.withdraw',
      'body-check-centre.create',
    ]);
  });

  it('sets the booking line the member’s page shows, audited', async () => {
    const set = await ops('PUT', '/settings/body_check_booking_phone', { value: '3188 0000' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await memberPage()).booking_phone).toBe('3188 0000');
    const res = await ops('GET', '/audit?target_kind=setting&target_id=body_check_booking_phone');
    expect(res.json<{ items: unknown[] }>().items[0]).toMatchObject({
      action: 'setting.update',
      before: { value: '2388 6633' },
      after: { value: '3188 0000' },
    });
  });

  it('refuses a missing language, a code taken, an unknown centre, an empty change and other roles', async () => {
    const { name_zh: _zh, ...noZh } = { ...NEW_CENTRE, code: 'sha-tin' };
    const missing = await ops('POST', '/body-check-centres', noZh);
    expect(missing.statusCode).toBe(400);
    expect(issuePaths(missing)).toEqual(['body.name_zh']);
    const taken = await ops('POST', '/body-check-centres', NEW_CENTRE);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'conflict' });
    const unknown = await ops('PATCH', '/body-check-centres/no-such-centre', { sequence: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
    const empty = await ops('PATCH', '/body-check-centres/mong-kok', {});
    expect(empty.statusCode).toBe(400);
    const network = await staffSessionCookie(t.app, t.database.db, {
      email: 'centres.network@clinicpass.example',
      roles: ['network'],
      now: NOW,
    });
    const refused = await ops('PATCH', '/body-check-centres/mong-kok', { sequence: 1 }, network);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
  });
});
