// The operator commands of `npm run outpatient` (apps/server/src/cli/outpatient.ts), run in
// process against a test database: record-body-check, create-announcement (HTML sanitised),
// revoke-tokens, and their usage errors.
import { fixedClock } from '@clinicpass/shared/time/clock';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOutpatientCommand, UsageError } from '../src/cli/outpatient-commands';
import { announcement, member } from '../src/db/schema';
import { staffAudit } from '../src/db/staff-schema';
import { buildTestApp, type TestApp } from './build-app';
import { captchaHeader } from './captcha-support';
import { testFactories, type MemberCard } from './factories';
import { addOperator, OPERATOR_EMAIL } from './operator-support';

let t: TestApp;
const clock = fixedClock(new Date());
/** The member the commands act on: a working card, activated 400 days ago. */
let card: MemberCard;
let code: string;

beforeAll(async () => {
  t = await buildTestApp({ seeded: true, clock });
  card = await testFactories(t.database.db, { clock }).memberCard();
  code = card.member.memberCode;
  await addOperator(t.database.db);
});
afterAll(async () => {
  await t.close();
});

/** Runs one command line; answers what it printed. */
async function run(...args: string[]): Promise<string[]> {
  const printed: string[] = [];
  await runOutpatientCommand([...args, '--as', OPERATOR_EMAIL], {
    db: t.database.db,
    clock,
    print: (line) => printed.push(line),
  });
  return printed;
}

describe('npm run outpatient', () => {
  it('record-body-check stores the date of the check for the member', async () => {
    expect(await run('record-body-check', '--member-code', code, '--date', '2026-03-01')).toEqual([
      `Recorded a body check on 2026-03-01 for member ${code}.`,
    ]);
    const [row] = await t.database.db
      .select({ date: member.lastBodyCheckDate })
      .from(member)
      .where(eq(member.memberCode, code));
    expect(row?.date).toBe('2026-03-01');
    await expect(
      run('record-body-check', '--member-code', code, '--date', '1/3/2026'),
    ).rejects.toBeInstanceOf(UsageError);
    await expect(
      run('record-body-check', '--member-code', 'NO-SUCH', '--date', '2026-03-01'),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('create-announcement stores sanitised content and serves it to its tag', async () => {
    const printed = await run(
      'create-announcement',
      '--en',
      'Clinic <b>hours</b> change<script>alert(1)</script>',
      '--zh',
      '診所<img src=x onerror=alert(1)>時間更改',
      '--tags',
      'guest',
      '--not-dismissable',
    );
    const id = Number(/^Created announcement (\d+)\.$/.exec(printed[0] ?? '')?.[1]);
    expect(id).toBeGreaterThan(0);
    const [row] = await t.database.db.select().from(announcement).where(eq(announcement.id, id));
    expect(row).toMatchObject({
      contentEn: 'Clinic hours change',
      contentZh: '診所時間更改',
      tags: ['guest'],
      isDismissable: false,
      messageType: 'info',
    });
    const served = await t.app.inject({ url: '/api/customer/announcement?tag=guest' });
    expect(served.json<{ results: { id: number }[] }>().results.map((r) => r.id)).toContain(id);
    await expect(
      run('create-announcement', '--en', 'x', '--zh', '好', '--tags', 'staff'),
    ).rejects.toMatchObject({ code: 'validation_error' });
    await expect(run('create-announcement', '--en', 'x', '--tags', 'guest')).rejects.toThrow(
      '--zh is required',
    );
  });

  it('revoke-tokens refuses the member’s view token and QR tickets afterwards', async () => {
    const found = await t.app.inject({
      method: 'POST',
      url: '/api/customer/outpatient/member-ticket',
      headers: { 'x-forwarded-for': '192.0.2.10', ...(await captchaHeader(t.app)) },
      payload: card.lookUp,
    });
    expect(found.statusCode, found.body).toBe(200);
    const view = found.json<{ member_view_token: string }>().member_view_token;
    const tickets = () =>
      t.app.inject({
        url: `/api/customer/outpatient/ticket?policy_id=${card.policy.policyNumber}`,
        headers: { 'x-member-view-token': view },
      });
    expect((await tickets()).statusCode).toBe(200);
    const printed = await run('revoke-tokens', '--member-code', code);
    // The look-up's 3 tickets and view token, and the 3 tickets the list above issued.
    expect(printed).toEqual([`Revoked 7 token(s) of member ${code}.`]);
    expect(printed.join('\n')).not.toContain(view);
    const refused = await tickets();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('answers an unknown command with the usage', async () => {
    await expect(run('drop-everything')).rejects.toThrow(/^Usage: npm run outpatient -- </);
    await expect(run()).rejects.toBeInstanceOf(UsageError);
  });

  it('a command that changes data runs --as an enabled staff member and is audited under them', async () => {
    const bare = (...args: string[]) =>
      runOutpatientCommand(args, { db: t.database.db, clock, print: () => undefined });
    await expect(
      bare('record-body-check', '--member-code', code, '--date', '2026-11-20'),
    ).rejects.toThrow(/--as is required/);
    await expect(
      bare('revoke-tokens', '--member-code', code, '--as', 'someone.else@clinicpass.example'),
    ).rejects.toThrow(/not an enabled staff account/);
    // A read needs no --as.
    await bare('list-clinic-keys');
    await run('create-announcement', '--en', 'Audited', '--zh', '已記錄', '--tags', 'guest');
    const rows = await t.database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.action, 'announcement.create'));
    expect(rows.at(-1)).toMatchObject({
      actorKind: 'operator',
      actor: OPERATOR_EMAIL,
      targetKind: 'announcement',
      after: expect.objectContaining({ content_en: 'Audited', tags: ['guest'] }),
    });
    const revocations = () =>
      t.database.db.select().from(staffAudit).where(eq(staffAudit.action, 'member.revoke-tickets'));
    const before = (await revocations()).length;
    await run('revoke-tokens', '--member-code', code);
    const revoked = await revocations();
    expect(revoked).toHaveLength(before + 1);
    expect(revoked.every((row) => row.actor === OPERATOR_EMAIL && row.targetId === code)).toBe(
      true,
    );
  });
});
