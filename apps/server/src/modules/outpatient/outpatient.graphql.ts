// The member card's part of GraphQL: a policy's outpatient QR tickets, the type generated from
// the same zod type as REST's, the resolver handed to the GraphQL plugin. Tickets are personal:
// their answers are never kept by any cache (decision 138).
import { TicketSchema } from '@clinicpass/shared/schemas/outpatient';
import { z } from 'zod';
import type { GraphqlResolvers } from '../../plugins/graphql-resolvers';
import type { GraphqlContract } from '../../plugins/graphql-schema';
import type { FastifyInstance } from 'fastify';
import { outpatientDeps, requesterOf } from './outpatient.routes';
import { listTicketsForPolicy } from './outpatient.service';

export const OUTPATIENT_GRAPHQL: GraphqlContract = {
  query: {
    tickets: {
      args: z.object({ policy_id: z.string() }),
      type: z.array(TicketSchema),
      description:
        "A member's outpatient QR tickets: the policy's signed-in owner, or X-Member-View-Token for it.",
    },
  },
  types: [['Ticket', TicketSchema]],
};

export function outpatientResolvers(app: FastifyInstance): GraphqlResolvers {
  const deps = outpatientDeps(app);
  return {
    tickets: {
      personal: true,
      resolve: (args: { policy_id: string }, context) =>
        listTicketsForPolicy(deps, requesterOf(context.req), args.policy_id),
    },
  };
}
