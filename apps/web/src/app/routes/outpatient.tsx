// Thin route modules of the outpatient sub-app (spec §2.2).
export {
  applyLoader,
  ECardRedirect as ECardRoute,
  OutpatientNotFound as OutpatientNotFoundRoute,
  outpatientIndexLoader,
} from '../../features/outpatient/components/outpatient-routes';
export { OwnerCardsPage as OwnerCardsRoute } from '../../features/outpatient/components/owner-cards-page';
export { SharedCardPage as SharedCardRoute } from '../../features/outpatient/components/shared-card-page';
