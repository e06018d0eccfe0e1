// A client address of its own for each journey, so the server's per-address limits (look-ups,
// sign-ins, the finder's rate) count one journey alone, whichever journeys run beside it.
import type { Journey } from './browser';

let issued = 0;

/**
 * An address no other journey of the run is given: a unique local IPv6 address (fd00::/8) made
 * of this worker's process id and a count. Workers alive at the same time have different process
 * ids, and a run spawns far fewer processes than it would take Linux to hand an id out again.
 * (Each file used to pick from a range of IPv4 addresses of its own; several ranges overlapped,
 * so two journeys running side by side could share one address and its limits.)
 */
export function newClientAddress(): string {
  issued += 1;
  const { pid } = process;
  return `fd00:c1::${(pid >>> 16).toString(16)}:${(pid & 0xffff).toString(16)}:${issued.toString(16)}`;
}

/** Sends every request of the journey from a new client address (`x-forwarded-for`). */
export async function asNewClient(journey: Journey): Promise<void> {
  await journey.context.setExtraHTTPHeaders({ 'x-forwarded-for': newClientAddress() });
}

/**
 * The headers of a call to the development routes (`/dev/outbox`, `/dev/identity/users`): they
 * answer only a loopback caller (decision 255), and a journey's context sends every request
 * from a client address of its own.
 */
export const DEV_CALLER = { 'x-forwarded-for': '127.0.0.1' } as const;
