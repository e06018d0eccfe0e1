// The clinic side's operator commands (issue 18) of `npm run outpatient`, run in process against
// a test database: add-clinic-user (then a real sign-in with password and SMS code reaches the
// clinic area), list-clinic-users, remove-clinic-user, and `visits list|correct|close-stale`,
// with their usage errors.
import { addDays, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOutpatientCommand, UsageError } from '../src/cli/outpatient-commands';
import { clinicVisit } from '../src/db/clinic-schema';
import { appUser } from '../src/db/schema';
import { buildTestApp, type TestApp } from './build-app';
import { testFactories, type TestFactories } from './factories';
import { client, latestCode } from './identity-helpers';
import { addOperator, OPERATOR_EMAIL } from './operator-support';

let t: TestApp;
let f: TestFactories;
const clock = fixedClock(new Date());
let venueA: number;
let venueB: number;

beforeAll(async () => {
  t = await buildTestApp({ seeded: true, clock });
  f = testFactories(t.database.db, { clock });
  venueA = (await f.venue({ nameEn: 'Cli Clinic A' })).id;
  venueB = (await f.venue({ nameEn: 'Cli Clinic B' })).id;
  await addOperator(t.database.db);
});
afterAll(async () => {
  await t.close();
});

async function run(...args: string[]): Promise<string[]> {
  const printed: string[] = [];
  await runOutpatientCommand([...args, '--as', OPERATOR_EMAIL], {
    db: t.database.db,
    clock,
    print: (l) => printed.push(l),
  });
  return printed;
}

describe('clinic users', () => {
  it('add-clinic-user creates a staff account that signs in with password and SMS code', async () => {
    const out = await run(
      'add-clinic-user',
      '--email',
      'Desk@Clinic.test',
      '--phone',
      '9234 5699',
      '--venue',
      String(venueA),
      '--venue',
      String(venueB),
      '--password',
      'ClinicPass2026',
    );
    expect(out).toEqual([
      `Created clinic user desk@clinic.test for venue(s) ${venueA}, ${venueB}.`,
    ]);
    expect(out.join('\n')).not.toContain('5699');
    const c = client(t.app);
    const first = await c.post(
      '/identity/sign-in',
      { email: 'desk@clinic.test', password: 'ClinicPass2026' },
      { 'x-token-delivery': 'body' },
    );
    const session = first.json<{ challenge: { session: string } }>().challenge.session;
    const signedIn = await c.post(
      '/identity/sign-in/challenge',
      { session, code: await latestCode(t.app, '+85292345699') },
      { 'x-token-delivery': 'body' },
    );
    const token = signedIn.json<{ tokens: { access_token: string } }>().tokens.access_token;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/clinic/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json()).toMatchObject({ kind: 'user', venues: [{ id: venueA }, { id: venueB }] });

    expect((await run('list-clinic-users')).filter((l) => l.startsWith('desk@'))).toEqual([
      `desk@clinic.test\tvenue ${venueA}\tCli Clinic A`,
      `desk@clinic.test\tvenue ${venueB}\tCli Clinic B`,
    ]);
    expect(
      await run('remove-clinic-user', '--email', 'desk@clinic.test', '--venue', String(venueB)),
    ).toEqual(['Removed 1 venue binding(s) of desk@clinic.test.']);
    expect(await run('remove-clinic-user', '--email', 'desk@clinic.test')).toEqual([
      'Removed 1 venue binding(s) of desk@clinic.test.',
    ]);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/clinic/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(403);
  });

  it('prints a generated password once when none is given; binds an existing account', async () => {
    const out = await run(
      'add-clinic-user',
      '--email',
      'gen@clinic.test',
      '--phone',
      '92345698',
      '--venue',
      String(venueA),
    );
    expect(out[1]).toContain('not shown again');
    expect(out[2]).toMatch(/^\S{20}$/);
    const more = await run(
      'add-clinic-user',
      '--email',
      'gen@clinic.test',
      '--venue',
      String(venueB),
    );
    expect(more).toEqual([
      `Clinic user gen@clinic.test now acts for venue(s) ${venueA}, ${venueB}.`,
    ]);
    const [row] = await t.database.db
      .select()
      .from(appUser)
      .where(eq(appUser.email, 'gen@clinic.test'));
    expect(row?.phoneVerified).toBe(true);
  });

  it('refuses bad options with a message', async () => {
    await expect(run('add-clinic-user', '--email', 'x@clinic.test')).rejects.toThrow(UsageError);
    await expect(
      run('add-clinic-user', '--email', 'x@clinic.test', '--venue', 'abc'),
    ).rejects.toThrow(/--venue must be a whole number/);
    await expect(
      run(
        'add-clinic-user',
        '--email',
        'x@clinic.test',
        '--phone',
        '12',
        '--venue',
        String(venueA),
      ),
    ).rejects.toThrow(/Hong Kong mobile/);
    await expect(
      run(
        'add-clinic-user',
        '--email',
        'x@clinic.test',
        '--phone',
        '92345697',
        '--venue',
        '999999',
      ),
    ).rejects.toThrow(/No venue with id 999999/);
    await expect(run('remove-clinic-user', '--email', 'nobody@clinic.test')).rejects.toThrow(
      /No account/,
    );
  });
});

describe('visits', () => {
  it('lists, corrects and closes what an earlier day left open', async () => {
    const card = await f.memberCard();
    const today = hkToday(clock);
    const insert = (o: Partial<typeof clinicVisit.$inferInsert>) =>
      t.database.db
        .insert(clinicVisit)
        .values({
          memberId: card.member.id,
          policyId: card.policy.id,
          venueId: venueA,
          kind: 'consultation',
          status: 'closed',
          visitDate: today,
          memberPrice: 150,
          amountCharged: 120,
          openedAt: clock.now(),
          closedAt: clock.now(),
          ...o,
        })
        .returning();
    const [closed] = await insert({});
    const [stale] = await insert({
      status: 'open',
      visitDate: addDays(today, -1),
      amountCharged: null,
      closedAt: null,
    });
    const code = card.member.memberCode;
    const listed = await run('visits', 'list', '--member-code', code);
    expect(listed.at(-1)).toBe('2 visit(s).');
    expect(listed[0]).toContain(`${closed?.id}\t${today}\tconsultation\tclosed`);
    expect(listed.join('\n')).toContain('HK$120');

    expect(await run('visits', 'close-stale')).toEqual([
      'Closed 1 visit(s) left open by an earlier day, without payment.',
    ]);
    const [row] = await t.database.db
      .select()
      .from(clinicVisit)
      .where(eq(clinicVisit.id, stale?.id ?? 0));
    expect(row?.status).toBe('closed_unpaid');

    expect(
      await run(
        'visits',
        'correct',
        '--id',
        String(closed?.id),
        '--amount',
        '100',
        '--note',
        'typo',
      ),
    ).toEqual([`Visit ${closed?.id} is now closed, HK$100.`]);
    expect(
      await run(
        'visits',
        'correct',
        '--id',
        String(stale?.id),
        '--status',
        'void',
        '--note',
        'no show',
      ),
    ).toEqual([`Visit ${stale?.id} is now void.`]);
    await expect(
      run('visits', 'correct', '--id', String(closed?.id), '--amount', '151', '--note', 'x'),
    ).rejects.toThrow(/above the member price/);
    await expect(
      run('visits', 'correct', '--id', String(closed?.id), '--amount', '1'),
    ).rejects.toThrow(/--note is required/);
    await expect(
      run('visits', 'correct', '--id', String(closed?.id), '--status', 'paid', '--note', 'x'),
    ).rejects.toThrow(/--status must be/);
    await expect(run('visits', 'list', '--from', '1/1/2026')).rejects.toThrow(/calendar date/);
    await expect(run('visits', 'dance')).rejects.toThrow(UsageError);
    await expect(
      run('visits', 'correct', '--id', '999999', '--status', 'void', '--note', 'x'),
    ).rejects.toThrow(/No visit with id 999999/);
  });
});
