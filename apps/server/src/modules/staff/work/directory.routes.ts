// The directory (`network`): "wrong details" reports resolved or rejected with a note, the stale
// list and "details confirmed" (which rebuilds the finder's read model, decision 310).
import { opsContract } from '@clinicpass/shared/contracts/ops';
import type { FastifyInstance } from 'fastify';
import * as directory from '../../directory/directory.service';
import type { WorkKit } from './work-kit';

export function directoryRoutes(
  { app, db, route, audit }: WorkKit,
  rebuildReadModel: (db: FastifyInstance['db']) => Promise<number>,
): void {
  route(opsContract.listReports, async (request) => {
    const status = request.query.status;
    const rows = await directory.listReports(db, status === 'all' ? undefined : status);
    return {
      items: rows.map((row) => ({
        id: row.id,
        service_point_id: row.servicePointId,
        kind: row.kind,
        note: row.note,
        status: row.status,
        created_at: row.createdAt.toISOString(),
        closed_at: row.closedAt?.toISOString() ?? null,
      })),
    };
  });

  route(opsContract.closeReport, async (request) => {
    const { id, action } = request.params;
    const status = action === 'resolve' ? 'resolved' : 'rejected';
    const ids = await directory.closeReports(db, { id }, status, request.now.instant);
    await audit(request, {
      action: `report.${action}`,
      targetKind: 'report',
      targetId: String(id),
      before: { status: 'open' },
      after: { status, note: request.body.note },
    });
    return { ids };
  });

  route(opsContract.listStale, async (request) => {
    const days = request.query.days ?? app.config.directory.staleDays;
    const rows = await directory.staleServicePoints(db, request.now.instant, days);
    return {
      days,
      items: rows.map((row) => ({
        ...row,
        last_verified_at: row.last_verified_at?.toISOString() ?? null,
      })),
    };
  });

  route(opsContract.confirmServicePoints, async (request) => {
    const body = request.body;
    const byVenue = 'venue_id' in body;
    const ids = await directory.confirmServicePoints(
      db,
      byVenue ? { venueId: body.venue_id } : { ids: body.service_point_ids },
      request.now.instant,
    );
    await rebuildReadModel(db);
    await audit(request, {
      action: 'service-point.confirm',
      targetKind: byVenue ? 'venue' : 'service-point',
      targetId: byVenue ? String(body.venue_id) : ids.join(','),
      after: { verified: ids },
    });
    return { ids };
  });
}
