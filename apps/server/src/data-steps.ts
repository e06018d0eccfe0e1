// Data steps that need the server secret, which SQL migrations cannot see: ticket numbers stored
// as a bare SHA-256 become HMAC(SECRET_KEY, SHA-256) (decision 184). Idempotent; run after the
// migrations on every start, by `npm run db:migrate` and by the operator commands.
import type { DatabaseHandle } from './db/client';
import { visitService } from './modules/outpatient';

export async function runDataSteps(
  db: DatabaseHandle['db'],
  secretKey: string,
): Promise<{ ticketNumbers: number }> {
  return { ticketNumbers: await visitService.convertTicketNumberHashes(db, secretKey) };
}
