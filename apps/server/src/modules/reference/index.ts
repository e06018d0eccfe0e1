// The reference module's public surface for other modules (decision 170): the finder's
// reference-data plugin, its service built on the module's own repository, and the services of
// the reference lists.
import type { Database } from '../../db/client';
import { createReferenceRepository } from './reference.repository';
import { createReferenceService, type ReferenceService } from './reference.service';

export { referenceRoutes } from './reference.routes';
export * from './reference.service';
export * from './lists.service';

/** The reference-data service over `db`. */
export function referenceServiceFor(db: Database): ReferenceService {
  return createReferenceService(createReferenceRepository(db));
}
