// The staff module (issue 39, decision 295): staff accounts, their sessions, the audit log, and
// the back office's API.
export { opsModule, STAFF_COOKIE } from './ops.module';
export { recordAudit, type AuditActor } from './audit';
export { createStaff, operatorActor, pruneStaffSessions } from './staff.service';
