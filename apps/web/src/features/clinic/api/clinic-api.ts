/**
 * The clinic counter's calls (`/api/clinic/…`), typed and validated by the clinic route table
 * (`@clinicpass/shared/contracts/clinic`). A staff member's session travels in the cookies.
 */
import { callRoute } from '@clinicpass/shared/api-client/route-call';
import { clinicContract } from '@clinicpass/shared/contracts/clinic';

import { api } from '../../../lib/api';

/** A ticket as the counter identified it: the QR's token, or the typed number (16 digits). */
export type TicketRef = { token: string } | { number: string };

export const clinicKeys = {
  me: ['clinic', 'me'] as const,
};

export const clinicApi = {
  me: () => callRoute(api, clinicContract.getMe),
  verify: (venueId: number, ticket: TicketRef) =>
    callRoute(api, clinicContract.verify, { body: { ...ticket, venue_id: venueId } }),
  openVisit: (venueId: number, ticket: TicketRef, idempotencyKey: string) =>
    callRoute(api, clinicContract.openVisit, {
      body: { ...ticket, venue_id: venueId },
      idempotencyKey,
    }),
  closeVisit: (
    venueId: number,
    ticket: TicketRef,
    charge: { servicePointId: number; amount: number },
    idempotencyKey: string,
  ) =>
    callRoute(api, clinicContract.closeVisit, {
      body: {
        ...ticket,
        venue_id: venueId,
        service_point_id: charge.servicePointId,
        amount: charge.amount,
      },
      idempotencyKey,
    }),
  recordBodyCheck: (venueId: number, ticket: TicketRef, idempotencyKey: string) =>
    callRoute(api, clinicContract.recordBodyCheck, {
      body: { ...ticket, venue_id: venueId },
      idempotencyKey,
    }),
};
