// The member-card, outpatient and announcement features use the web's one API client (device
// session id, transaction id, read-only and maintenance handling live there).
export { api as apiClient } from '../../../lib/api';
