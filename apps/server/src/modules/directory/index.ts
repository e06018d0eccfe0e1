// The directory's upkeep (issue 19): reports of wrong details, flags, freshness.
export { flaggedServicePoints } from './directory.service';
export { directoryRoutes } from './directory.routes';
