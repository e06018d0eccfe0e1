// Announcements by tag, sanitised where stored (operator command) and again where served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcement } from '../src/db/schema';
import {
  createAnnouncement,
  deactivateAnnouncement,
} from '../src/modules/announcement/announcement.service';
import { buildTestApp, type TestApp } from './build-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const list = (query: string, language = 'en') =>
  t.app.inject({
    url: `/api/customer/announcement${query}`,
    headers: { 'accept-language': language },
  });

describe('announcements', () => {
  it('serves the seeded announcements by tag, in the request language', async () => {
    const guest = await list('?tag=guest');
    expect(guest.statusCode).toBe(200);
    const results = guest.json<{
      results: { tags: string[]; is_dismissable: boolean; content: string; content_en: string }[];
    }>().results;
    expect(results).toHaveLength(2);
    expect(results.map((r) => r.is_dismissable).sort()).toEqual([false, true]);
    expect(results.every((r) => r.content === r.content_en)).toBe(true);
    const customer = await list('?tag=customer', 'zh-HK,en;q=0.9');
    const zh = customer.json<{ results: { content: string; content_zh: string }[] }>().results;
    expect(zh).toHaveLength(3);
    expect(zh.every((r) => r.content === r.content_zh)).toBe(true);
  });

  it('answers guests when no tag is given and nobody is signed in, naming the tag it chose', async () => {
    const chosen = await list('');
    expect(chosen.json<{ results: unknown[] }>().results).toHaveLength(2);
    expect(chosen.headers['x-announcement-tag']).toBe('guest');
    expect((await list('?tag=customer')).headers['x-announcement-tag']).toBe('customer');
  });

  it('rejects an unknown tag', async () => {
    const res = await list('?tag=admin');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error' });
  });

  it('sanitises what the operator command stores and what it serves', async () => {
    const created = await createAnnouncement(t.database.db, {
      contentEn: 'Clinic <b>hours</b> change<script>alert(1)</script>',
      contentZh: '診所<i>時間</i>更改',
      tags: ['guest'],
      messageType: 'info',
      isDismissable: true,
    });
    expect(created.contentEn).toBe('Clinic hours change');
    // A row written past the command (e.g. by hand) is cleaned when served.
    await t.database.db.insert(announcement).values({
      contentEn: '<img src=x onerror=alert(1)>Raw row',
      contentZh: '原始<svg onload=alert(1)>',
      tags: ['guest'],
    });
    const body = (await list('?tag=guest')).body;
    expect(body).toContain('Clinic hours change');
    expect(body).toContain('Raw row');
    expect(body).not.toMatch(/<|onerror|script/);
    await expect(
      createAnnouncement(t.database.db, {
        contentEn: '<b></b>',
        contentZh: '好',
        tags: ['guest'],
        messageType: 'info',
        isDismissable: true,
      }),
    ).rejects.toMatchObject({ code: 'validation_error' });
    await expect(
      createAnnouncement(t.database.db, {
        contentEn: 'x',
        contentZh: '好',
        tags: ['staff'],
        messageType: 'info',
        isDismissable: true,
      }),
    ).rejects.toMatchObject({ code: 'validation_error' });
    await deactivateAnnouncement(t.database.db, created.id);
    expect((await list('?tag=guest')).body).not.toContain('Clinic hours change');
  });
});
