// The back office's work routes (issue 39, decision 297), one file per area under `work/`:
// service requests and member support (`service`), announcements (`content`), claim cases
// (`claims`), the directory's reports and stale list, clinic users and keys (`network`), the
// run-time settings and the body-check centres (`admin`). Each calls the same service functions
// as the operator commands, and records who did what in the audit log — every change, and every
// read of personal data — through the one kit of `work/work-kit.ts`.
import type { FastifyInstance } from 'fastify';
import { announcementRoutes } from './work/announcements.routes';
import { bodyCheckRoutes } from './work/body-check.routes';
import { claimRoutes } from './work/claims.routes';
import { clinicAccessRoutes } from './work/clinic-access.routes';
import { directoryRoutes } from './work/directory.routes';
import { memberRoutes } from './work/members.routes';
import { serviceRequestRoutes } from './work/service-requests.routes';
import { settingRoutes } from './work/settings.routes';
import { type StaffRoute, workKit } from './work/work-kit';

export function opsWorkRoutes(
  app: FastifyInstance,
  staffRoute: StaffRoute,
  rebuildReadModel: (db: FastifyInstance['db']) => Promise<number>,
): void {
  const kit = workKit(app, staffRoute);
  serviceRequestRoutes(kit);
  memberRoutes(kit);
  announcementRoutes(kit);
  claimRoutes(kit);
  directoryRoutes(kit, rebuildReadModel);
  clinicAccessRoutes(kit);
  settingRoutes(kit);
  bodyCheckRoutes(kit);
}
