// Issue 21 items 3 and 4 (decision 133): every seeded environment setting is read by the app, so
// an operator changes it without a deploy; the body-check centres (with their hours, in both
// languages) and the booking line are data served by `GET /body-check`.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { bodyCheckCentre } from '../src/db/schema';
import { environmentSetting } from '../src/db/stakeholder-schema';
import { testConfig } from './build-app';
import { client, outbox } from './identity-helpers';
import { buildPolicyTestApp, type PolicyTestApp } from './policy-support';
import { call, type Page } from './stakeholder-support';

const NOW = new Date('2026-11-22T04:00:00+08:00');
const ZH = { 'accept-language': 'zh-HK,zh;q=0.9' };

let t: PolicyTestApp;
beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
});
afterAll(async () => {
  await t.close();
});

async function setSetting(key: string, value: string | null): Promise<void> {
  await t.database.db
    .update(environmentSetting)
    .set({ value })
    .where(eq(environmentSetting.key, key));
}

describe('environment settings', () => {
  it('seeds only settings the app reads', async () => {
    const res = await call(t, 'GET', '/environment-setting');
    const keys = res.json<Page<{ key: string }>>().results.map((row) => row.key);
    expect(keys.sort()).toEqual([
      'body_check_booking_phone',
      'customer_service_phone',
      'maintenance_mode',
      'read_only_mode',
    ]);
  });

  it('the customer service phone in the no-delivery-method message is the operator’s', async () => {
    // plain@example.com has no phone: asked for an SMS code, it is answered as if sent and its
    // mailbox alone is told spec §8's text with the customer service phone (decision 142).
    const toldPhone = async () => {
      const before = Math.max(0, ...(await outbox(t.app)).map((m) => m.id));
      const res = await client(t.app).post('/identity/forgot-password', {
        email: 'plain@example.com',
        delivery: 'SMS',
      });
      expect(res.statusCode).toBe(200);
      const told = (await outbox(t.app)).filter(
        (m) => m.id > before && m.to === 'plain@example.com',
      );
      expect(told).toHaveLength(1);
      return told[0]?.body ?? '';
    };
    // No value set: CUSTOMER_SERVICE_PHONE (the test configuration's) applies.
    expect(await toldPhone()).toContain('Customer Service at +852 2000 0000');
    await setSetting('customer_service_phone', '+852 3111 2222');
    try {
      expect(await toldPhone()).toContain('Customer Service at +852 3111 2222');
    } finally {
      await setSetting('customer_service_phone', null);
    }
  });

  it('the help widget’s contact number in index.html is the operator’s', async () => {
    const webDist = await mkdtemp(path.join(tmpdir(), 'clinicpass-web-'));
    let app: FastifyInstance | undefined;
    try {
      await writeFile(
        path.join(webDist, 'index.html'),
        '<!doctype html><html><head><title>x</title></head><body></body></html>',
      );
      app = await buildApp({
        config: testConfig({
          WEB_DIST_DIR: webDist,
          HELP_WIDGET_SCRIPT_URL: 'https://widget.example/snippet.js',
          HELP_WIDGET_KEY: 'k',
        }),
        db: t.database.db,
      });
      const page = async () =>
        (await app!.inject({ url: '/en', headers: { accept: 'text/html' } })).body;
      const meta = (phone: string) =>
        `<meta name="clinicpass:customer-service-phone" content="${phone}">`;
      expect(await page()).toContain(meta('+852 2000 0000'));
      await setSetting('customer_service_phone', '+852 3111 2222');
      expect(await page()).toContain(meta('+852 3111 2222'));
    } finally {
      await setSetting('customer_service_phone', null);
      await app?.close();
      await rm(webDist, { recursive: true, force: true });
    }
  });
});

describe('GET /body-check', () => {
  interface Centre {
    code: string;
    name: string;
    name_en: string;
    name_zh: string;
    address: string;
    hours: string;
    hours_en: string;
    hours_zh: string;
  }
  type Info = { booking_phone: string | null; centres: Centre[] };

  it('serves the configured centres with their hours in both languages, and the booking line', async () => {
    const en = await call(t, 'GET', '/body-check');
    expect(en.statusCode, en.body).toBe(200);
    const body = en.json<Info>();
    expect(body.booking_phone).toBe('2388 6633');
    expect(body.centres.map((centre) => centre.name)).toEqual([
      'Mong Kok Centre',
      'Causeway Bay Centre',
    ]);
    expect(body.centres[0]).toMatchObject({
      code: 'mong-kok',
      name_zh: '旺角中心',
      address: '12/F, 688 Nathan Road, Mong Kok, Kowloon',
      hours: 'Monday to Saturday, 9:00 to 17:00',
      hours_zh: '星期一至六，上午9時至下午5時',
    });
    const zh = (await call(t, 'GET', '/body-check', { headers: ZH })).json<Info>();
    expect(zh.centres.map((centre) => centre.name)).toEqual(['旺角中心', '銅鑼灣中心']);
    expect(zh.centres[1]?.hours).toBe('星期一至六，上午9時至下午5時');
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, object> }>();
    expect(Object.keys(doc.paths['/api/customer/body-check'] ?? {})).toEqual(['get']);
  });

  it('shows what the operator changed, without a restart', async () => {
    const db = t.database.db;
    await db
      .update(bodyCheckCentre)
      .set({ isActive: false })
      .where(eq(bodyCheckCentre.code, 'causeway-bay'));
    await db
      .update(bodyCheckCentre)
      .set({ hoursEn: 'Every day, 8:00 to 20:00' })
      .where(eq(bodyCheckCentre.code, 'mong-kok'));
    await setSetting('body_check_booking_phone', '3000 1234');
    try {
      const body = (await call(t, 'GET', '/body-check')).json<Info>();
      expect(body.booking_phone).toBe('3000 1234');
      expect(body.centres).toHaveLength(1);
      expect(body.centres[0]?.hours).toBe('Every day, 8:00 to 20:00');
    } finally {
      await db
        .update(bodyCheckCentre)
        .set({ isActive: true })
        .where(eq(bodyCheckCentre.code, 'causeway-bay'));
      await db
        .update(bodyCheckCentre)
        .set({ hoursEn: 'Monday to Saturday, 9:00 to 17:00' })
        .where(eq(bodyCheckCentre.code, 'mong-kok'));
      await setSetting('body_check_booking_phone', '2388 6633');
    }
  });
});
