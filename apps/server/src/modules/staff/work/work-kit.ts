// What every back-office work route shares (decision 297): the role check of the route table
// (`route`, the ops module's hook), the caller, one audit row per change or personal read, and
// the "read before, change, record" transaction most changes are. Each area's file
// (`*.routes.ts` beside this one) registers its routes with it instead of repeating these.
import type { RouteContract } from '@clinicpass/shared/contracts/route';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import type { ContractHandler } from '../../../lib/contract-route';
import { type AuditRecord, recordAudit } from '../audit';
import { actorOf, type StaffCaller } from '../staff.service';

/** Registers a route of the table behind its roles (the ops module's `staffRoute`). */
export type StaffRoute = <const C extends RouteContract>(
  contract: C,
  handler: ContractHandler<C>,
) => void;

/** What a work route knows of its request: the caller, the request id and the clock. */
export interface WorkRequest {
  staff: StaffCaller | null;
  id: string;
  now: { instant: Date };
}

/** One audit row's content; the person, the time and the request id come from the request. */
export type WorkAudit = Omit<AuditRecord, 'at' | 'requestId'>;

export interface WorkKit {
  app: FastifyInstance;
  db: Database;
  route: StaffRoute;
  /** The signed-in staff member (the route's hook has refused every other caller). */
  caller: (request: WorkRequest) => StaffCaller;
  /** Records one audit row for the request's staff member (in `executor`'s transaction). */
  audit: (request: WorkRequest, record: WorkAudit, executor?: Database) => Promise<void>;
  /**
   * A change in one transaction: `read` the target as it was (null: unknown to the reader, the
   * change itself answers not_found), `apply` the change, then record `record(before, after)` —
   * so the row and the change stand or fall together.
   */
  change: <Before, After>(
    request: WorkRequest,
    steps: {
      read: (tx: Database) => Promise<Before>;
      apply: (tx: Database, before: Before) => Promise<After>;
      record: (before: Before, after: After) => WorkAudit;
    },
  ) => Promise<After>;
  /** The 404 of a target that is not there. */
  notFound: (message: string) => AppError;
}

export function workKit(app: FastifyInstance, route: StaffRoute): WorkKit {
  const db = app.db;
  const caller = (request: WorkRequest) => {
    if (request.staff === null) throw new AppError('unauthenticated');
    return request.staff;
  };
  const audit: WorkKit['audit'] = (request, record, executor = db) =>
    recordAudit(executor, actorOf(caller(request)), {
      ...record,
      requestId: request.id,
      at: request.now.instant,
    });
  return {
    app,
    db,
    route,
    caller,
    audit,
    change: (request, steps) =>
      db.transaction(async (tx) => {
        const before = await steps.read(tx);
        const after = await steps.apply(tx, before);
        await audit(request, steps.record(before, after), tx);
        return after;
      }),
    notFound: (message) => new AppError('not_found', { message }),
  };
}
