// The outpatient module's public surface for other modules (decision 170): its plugins (the
// customer area's member card, the clinic area's ticket check) and its service.
export { outpatientClinicRoutes, outpatientRoutes } from './outpatient.routes';
export * from './outpatient.service';
export * as visitService from './visit.service';
export type { TicketRef } from './visit.service';
