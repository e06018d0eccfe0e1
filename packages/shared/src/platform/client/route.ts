// The typed platform client's calls over the route table: `callRoute` on the client core, with
// one allowance the platform client has always made for lists. A list's pagination is read from
// `Content-Range` first, then from the body, and counted from the results when neither has it.
import { z } from 'zod';
import type { ApiClient } from '../../api-client/client';
import { PaginationSchema, type Pagination } from '../../api-client/pagination';
import { callRoute, type CallableRoute, type RouteCallInput } from '../../api-client/route-call';
import { type RouteResult, successSchema } from '../../contracts/route';

/** What a list answers when it carries no pagination: all of it, on one page. */
function counted(results: readonly unknown[]): Pagination {
  return { start: 0, end: results.length - 1, total: results.length };
}

const tolerant = new WeakMap<CallableRoute, CallableRoute>();

/** The route with its list answer's body pagination optional; other routes as they are. */
function tolerantOf(contract: CallableRoute): CallableRoute {
  const known = tolerant.get(contract);
  if (known !== undefined) return known;
  const schema = successSchema(contract);
  let found = contract;
  if (schema instanceof z.ZodObject && 'results' in schema.shape && 'pagination' in schema.shape) {
    const answer = schema.extend({ pagination: PaginationSchema.optional() }).transform((list) => ({
      ...list,
      pagination: list.pagination ?? counted(list.results as unknown[]),
    }));
    found = { ...contract, responses: { ...contract.responses, 200: answer } };
  }
  tolerant.set(contract, found);
  return found;
}

const call = callRoute as (
  api: ApiClient,
  contract: CallableRoute,
  input?: unknown,
) => Promise<unknown>;

/** Calls `contract` on `api` (see `callRoute`) and resolves to its validated answer. */
export async function callPlatformRoute<const Contract extends CallableRoute>(
  api: ApiClient,
  contract: Contract,
  input: RouteCallInput<Contract>,
): Promise<RouteResult<Contract>> {
  return (await call(api, tolerantOf(contract), input)) as RouteResult<Contract>;
}
