// The claims module's public surface for other modules (decision 170): its routes, the panel
// claims a clinic's visits make, and the use counted from claims (decision 292).
export { claimRoutes } from './claims.routes';
export { storageOf } from './document-storage';
export { CLAIM_TEXTS, type ClaimMessenger, type MessageSender } from './claim-messages';
export {
  adjustPanelClaim,
  insurerAction,
  listUsage,
  memberUnits,
  openPanelClaim,
  recordPanelClaim,
  type ClaimActor,
  type PanelVisit,
} from './claims.service';
