// `Idempotency-Key` on POSTs that create or move money or status (issue 6, decision 063): the
// first answer is stored in PostgreSQL with a hash of the request; the same key with the same
// request answers it again, the same key with another request is 422 `idempotency_key_reused`.
// The key is locked for the length of the work (an advisory lock), so two concurrent requests
// with one key run one after the other and the second replays the first.
import { createHash } from 'node:crypto';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
} from '@clinicpass/shared/platform/constants';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { idempotencyRecord } from '../../db/platform-schema';
import type { Database } from '../../db/client';
import type { Caller, Now } from '../../plugins/request-context';
import { requestPath } from '../../plugins/request-path';

/** Canonical JSON: keys sorted, so `{a,b}` and `{b,a}` are one body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

/** The key a request carries, or null; a key too long or empty is a 400 naming the header. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || key.trim() === '' || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw validationError(
      [{ path: 'headers.idempotency-key', message: 'is invalid', key: 'invalid' }],
      {
        message: `Invalid header Idempotency-Key: must be 1–${IDEMPOTENCY_KEY_MAX_LENGTH} characters`,
      },
    );
  }
  return key;
}

/**
 * Runs `work` in a transaction, once per (user, key): a replay with the same method, path and
 * body answers the stored result; another request under the key is refused. Without a key the
 * work simply runs in a transaction. Failures are not stored (the transaction rolls back), so
 * a refused request may be retried with its key.
 */
export async function idempotent<Result>(
  db: Database,
  request: FastifyRequest,
  userId: string,
  now: Date,
  work: (tx: Database) => Promise<Result>,
): Promise<Result> {
  return idempotentUnder(db, request, userId, idempotencyKeyOf(request), now, work);
}

/**
 * The one way a customer's write runs: in a transaction, under the request's Idempotency-Key
 * when it carries one, for the signed-in caller (a guest is answered 401) at the request's
 * "now". `work` gets the transaction with the caller and "now" it runs for.
 */
export async function idempotentWrite<Result>(
  request: FastifyRequest,
  work: (tx: Database, context: { caller: Caller; now: Now }) => Promise<Result>,
): Promise<Result> {
  const caller = request.requireCaller();
  const now = request.now;
  return idempotent(request.server.db, request, caller.userId, now.instant, (tx) =>
    work(tx, { caller, now }),
  );
}

/**
 * `idempotent` with the stored key given (null: no key, the work simply runs in a transaction),
 * for a caller that scopes the request's key further, e.g. by a secret (decision 089). `also`
 * is what else makes two requests one, where the body does not say it (an upload's query and
 * length: its body is a stream, not hashed).
 */
export async function idempotentUnder<Result>(
  db: Database,
  request: FastifyRequest,
  userId: string,
  key: string | null,
  now: Date,
  work: (tx: Database) => Promise<Result>,
  also?: unknown,
): Promise<Result> {
  if (key === null) return db.transaction((tx) => work(tx));
  const path = requestPath(request);
  const described = `${request.method} ${path}\n${canonical(request.body ?? null)}`;
  const requestHash = createHash('sha256')
    .update(also === undefined ? described : `${described}\n${canonical(also)}`)
    .digest('hex');
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${userId}:${key}`}, 0))`);
    const expired = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000);
    await tx
      .delete(idempotencyRecord)
      .where(
        and(
          eq(idempotencyRecord.userId, userId),
          eq(idempotencyRecord.key, key),
          lt(idempotencyRecord.createDate, expired),
        ),
      );
    const [stored] = await tx
      .select()
      .from(idempotencyRecord)
      .where(and(eq(idempotencyRecord.userId, userId), eq(idempotencyRecord.key, key)));
    if (stored) {
      if (stored.requestHash !== requestHash) {
        throw new AppError('idempotency_key_reused', {
          message: 'This Idempotency-Key was used for another request',
        });
      }
      return stored.response as Result;
    }
    const result = await work(tx);
    await tx.insert(idempotencyRecord).values({
      userId,
      key,
      requestHash,
      statusCode: 200,
      response: result,
      createDate: now,
    });
    return result;
  });
}
