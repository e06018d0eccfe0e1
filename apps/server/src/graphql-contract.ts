// The app's GraphQL contract: the parts the modules hand over, composed. `Query`'s fields follow
// the modules' order; the types are listed tickets first, as the schema was published before it
// was generated, so the printed schema text stays byte-identical
// (apps/server/test/__snapshots__/schema.graphql).
import { FINDER_GRAPHQL } from './modules/finder/finder.graphql';
import { OUTPATIENT_GRAPHQL } from './modules/outpatient/outpatient.graphql';
import { composeContracts, graphqlTypeDefs } from './plugins/graphql-schema';

export const GRAPHQL_CONTRACT = composeContracts(
  [FINDER_GRAPHQL, OUTPATIENT_GRAPHQL],
  [OUTPATIENT_GRAPHQL, FINDER_GRAPHQL],
);

/** The schema text, generated from the zod types. */
export const typeDefs = graphqlTypeDefs(GRAPHQL_CONTRACT);
