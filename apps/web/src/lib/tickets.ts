// The member's QR tickets, one way for every screen (decision 168): the GraphQL `tickets` query
// (spec member-app §7 call 3), sent as GET over the web's one API client, asked with the member
// view token this tab holds or as the policy's signed-in owner (the session cookie). The member
// card, the owner's cards and the finder's QR dialog and service-code screen all read them
// here, under one query key, so a look-up's tickets serve them all.
import { graphqlQuery } from '@clinicpass/shared/api-client/graphql';
import {
  MEMBER_VIEW_TOKEN_HEADER,
  TicketsResponseSchema,
  type Ticket,
} from '@clinicpass/shared/schemas/outpatient';
import { queryOptions, skipToken } from '@tanstack/react-query';

import { api } from './api';

/** Every field of a ticket (the server keeps the answer `no-store`: it is personal). */
const TICKETS_QUERY = /* GraphQL */ `
  query Tickets($policy_id: String!) {
    tickets(policy_id: $policy_id) {
      type
      token
      number
      effective_date
      expiry_date
      enabled
      name_en
      name_zh
      service_types
      policy_number
      membership_number
      holder_name_en
      holder_name_zh
      token_expires_at
    }
  }
`;

/** Tokens are re-issued by the server on each look-up; the ones shown are kept for a while. */
export const TICKETS_STALE_MS = 10 * 60 * 1000;

/** Fresh tickets of a policy: with the member view token, or (null) as its signed-in owner. */
export function fetchTickets(policyNumber: string, token: string | null): Promise<Ticket[]> {
  return graphqlQuery(api, {
    query: TICKETS_QUERY,
    variables: { policy_id: policyNumber },
    field: 'tickets',
    schema: TicketsResponseSchema.shape.tickets,
    ...(token === null ? {} : { headers: { [MEMBER_VIEW_TOKEN_HEADER]: token } }),
  });
}

export interface TicketsRequest {
  /** Null or empty: not known yet, nothing is asked. */
  policyNumber: string | null;
  /** The member view token held in this tab; null asks as the policy's signed-in owner. */
  token: string | null;
  /** False skips the call (nobody the server would answer). */
  enabled?: boolean;
}

/** The tickets of a policy as a query: one key per policy and token, whatever the screen. */
export function ticketsQuery({ policyNumber, token, enabled = true }: TicketsRequest) {
  return queryOptions({
    queryKey: ['tickets', policyNumber, token] as const,
    queryFn:
      policyNumber === null || policyNumber === '' || !enabled
        ? skipToken
        : () => fetchTickets(policyNumber, token),
    staleTime: TICKETS_STALE_MS,
  });
}
