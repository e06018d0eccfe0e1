// The insurer's operator commands for service requests, until an admin screen exists
// (decision 084):
//   npm run operator -w apps/server -- service-request <id> <offer|approve|reject|complete> [--reason "…"] --as STAFF_EMAIL
//   npm run operator -w apps/server -- service-request complete-due --as STAFF_EMAIL
//   npm run operator -w apps/server -- staff create --email E --name N --role R [--role R] [--sms PHONE] --as YOU
// `complete` applies the change to the policy and is refused before the proposed effective
// date; `complete-due` completes every approved request whose date has come (run it daily).
// Each records the `--as` staff member in the audit log (decision 297); the back office's
// service requests call the same operatorMove.
// `staff create` makes a back-office account (the first admin, decision 295) and prints its first
// password and authenticator secret once (with `--sms PHONE`, sign-in codes go by SMS to that
// mobile instead, decision 304); the audit log records it under the `--as` name.
import { isAppError } from '@clinicpass/shared/errors/app-error';
import { maskPhone } from '@clinicpass/shared/identity/hk-phone';
import { hkToday, systemClock } from '@clinicpass/shared/time/clock';
import { ConfigError, loadConfig } from '../config';
import { EmbeddedStartError } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { startDatabase } from '../db/start-database';
import {
  completeDueRequests,
  OPERATOR_ACTIONS,
  operatorMove,
  type OperatorAction,
} from '../modules/service-request/service-request.service';
import { createStaff, operatorActor, recordAudit } from '../modules/staff';
import { StaffCreateBodySchema } from '@clinicpass/shared/platform/staff';
import { parseCommandLine } from './usage';

const USAGE = `Usage: npm run operator -w apps/server -- service-request <id> <${OPERATOR_ACTIONS.join('|')}> [--reason "…"] --as STAFF_EMAIL
       npm run operator -w apps/server -- service-request complete-due --as STAFF_EMAIL
       npm run operator -w apps/server -- staff create --email E --name N --role R [--role R] [--sms PHONE] --as YOU
         (roles: admin, claims, network, service, content)`;

const { positionals, values } = parseCommandLine(
  {
    allowPositionals: true,
    options: {
      reason: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', multiple: true },
      sms: { type: 'string' },
      as: { type: 'string' },
    },
  },
  USAGE,
);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [area, target, action] = positionals;

/** `staff create`: the account, its first password and authenticator secret, printed once. */
async function staffCommand(): Promise<void> {
  if (target !== 'create') fail(USAGE);
  const operator = values.as?.trim() ?? '';
  if (operator === '') fail(`--as: say who runs this (your name, for the audit log)\n${USAGE}`);
  const input = StaffCreateBodySchema.safeParse({
    email: values.email,
    name: values.name,
    roles: values.role ?? [],
    ...(values.sms === undefined ? {} : { second_factor: 'sms', phone: values.sms }),
  });
  if (!input.success) {
    fail(
      input.error.issues
        .map(
          (issue) =>
            `--${String(issue.path[0] ?? 'role')
              .replace('roles', 'role')
              .replace('phone', 'sms')}: ${issue.message}`,
        )
        .join('\n'),
    );
  }
  const config = loadConfig();
  const database = await startDatabase(config);
  try {
    await runMigrations(database);
    const created = await createStaff(
      { db: database.db, secretKey: config.secretKey },
      { kind: 'operator', name: operator },
      input.data,
      systemClock.now(),
      null,
    );
    console.log(
      [
        `Staff account ${created.staff.email} (${created.staff.roles.join(', ')}) created.`,
        'Hand these over privately; they are not shown again:',
        `  first password:       ${created.password}`,
        ...(created.totp === null
          ? [`  second factor:        SMS to ${maskPhone(input.data.phone ?? '')}`]
          : [
              `  authenticator secret: ${created.totp.secret}`,
              `  authenticator link:   ${created.totp.uri}`,
            ]),
      ].join('\n'),
    );
  } finally {
    await database.shutdown();
  }
}

if (area === 'staff') {
  try {
    await staffCommand();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof EmbeddedStartError || isAppError(error))
      fail(error.message);
    throw error;
  }
  process.exit(0);
}
if (area !== 'service-request' || target === undefined) fail(USAGE);
if (target !== 'complete-due') {
  if (!/^[1-9][0-9]*$/.test(target)) fail(`${target} is not a service request id\n${USAGE}`);
  if (!OPERATOR_ACTIONS.includes(action as OperatorAction)) fail(USAGE);
}
const runAs = values.as?.trim() ?? '';
if (runAs === '') fail(`--as: your staff email, for the audit log\n${USAGE}`);

try {
  const config = loadConfig();
  const database = await startDatabase(config);
  try {
    await runMigrations(database);
    const now = { today: hkToday(systemClock), instant: systemClock.now() };
    const actor = await operatorActor(database.db, runAs);
    if (target === 'complete-due') {
      const done = await completeDueRequests(database.db, now);
      for (const id of done) {
        await recordAudit(database.db, actor, {
          action: 'service-request.complete',
          targetKind: 'service-request',
          targetId: String(id),
          before: { status: 'approved' },
          after: { status: 'completed' },
          at: now.instant,
        });
      }
      console.log(
        `Completed ${done.length} service request(s)${done.length ? `: ${done.join(', ')}` : ''}.`,
      );
    } else {
      const moved = await database.db.transaction(async (tx) => {
        const result = await operatorMove(
          tx,
          now,
          Number(target),
          action as OperatorAction,
          values.reason ?? null,
        );
        await recordAudit(tx, actor, {
          action: `service-request.${String(action)}`,
          targetKind: 'service-request',
          targetId: String(result.id),
          after: { status: result.status, policy: result.policy, note: values.reason ?? null },
          at: now.instant,
        });
        return result;
      });
      console.log(`Service request ${moved.id} of ${moved.policy} is now ${moved.status}.`);
    }
  } finally {
    await database.shutdown();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof EmbeddedStartError || isAppError(error))
    fail(error.message);
  console.error(error);
  process.exit(1);
}
