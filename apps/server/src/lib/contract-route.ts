// Registers a route from its route table entry (packages/shared/src/contracts): the method, the
// path and the whole Fastify schema (tags, summary, params, querystring, body, headers, answers)
// come from the entry, so the OpenAPI document follows the table; the handler is typed by it.
//
//   route(app, announcementContract.listAnnouncements, async (request) => ...);
//
// The entry's area must be the prefix the plugin is registered under: a route registered in the
// wrong area fails at start-up, not in production.
import {
  type RouteBody,
  type RouteContract,
  type RouteHeaders,
  type RouteParams,
  type RouteQuery,
  type RouteReply,
  routePrefixes,
} from '@clinicpass/shared/contracts/route';
import type {
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
  preParsingAsyncHookHandler,
  preParsingHookHandler,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';

/** The request a handler of `Contract` receives: params, query, body and headers parsed. */
export type ContractRequest<Contract> = FastifyRequest<{
  Params: RouteParams<Contract>;
  Querystring: RouteQuery<Contract>;
  Body: RouteBody<Contract>;
  Headers: RouteHeaders<Contract>;
}>;

type Returned<Contract> = RouteReply<Contract> | FastifyReply | undefined;

/** A handler of `Contract`: returns one of its answers, or the reply it has sent. */
export type ContractHandler<Contract> = (
  request: ContractRequest<Contract>,
  reply: FastifyReply,
) => Promise<Returned<Contract>> | Returned<Contract>;

/** Hooks a route adds of its own (a captcha check, a cache served before parsing). */
export interface RouteHooks {
  onRequest?: onRequestHookHandler | onRequestAsyncHookHandler;
  preParsing?: preParsingHookHandler | preParsingAsyncHookHandler;
  preHandler?: preHandlerHookHandler | preHandlerAsyncHookHandler;
}

/** What `route` needs of a Fastify instance, whatever its type provider. */
export interface RouteHost {
  readonly prefix: string;
  route(options: RouteOptions): unknown;
}

/** The Fastify schema of an entry, exactly as the routes declared it by hand before. */
export function fastifySchema(contract: RouteContract): FastifySchema & { hide?: boolean } {
  const schema: FastifySchema & { hide?: boolean } = {};
  if (contract.hide === true) schema.hide = true;
  if (contract.tags !== undefined) schema.tags = [...contract.tags];
  if (contract.summary !== undefined) schema.summary = contract.summary;
  // A back-office route names its roles in the document too (decision 297).
  const roles =
    contract.staffRoles === undefined
      ? undefined
      : `Staff roles: ${contract.staffRoles === 'any' ? 'any' : contract.staffRoles.join(', ')}.`;
  const description = [contract.description, roles].filter((part) => part !== undefined);
  if (description.length > 0) schema.description = description.join('\n\n');
  if (contract.params !== undefined) schema.params = contract.params;
  if (contract.query !== undefined) schema.querystring = contract.query;
  if (contract.body !== undefined) schema.body = contract.body;
  if (contract.headers !== undefined) schema.headers = contract.headers;
  if (Object.keys(contract.responses).length > 0) schema.response = { ...contract.responses };
  return schema;
}

/** Registers `contract` on `app` with `handler` (and the route's own hooks). */
export function route<const Contract extends RouteContract>(
  app: RouteHost,
  contract: Contract,
  handler: ContractHandler<Contract>,
  hooks: RouteHooks = {},
): void {
  const prefixes = routePrefixes(contract);
  if (!prefixes.includes(app.prefix)) {
    throw new Error(
      `${contract.method} ${contract.path} belongs under ${prefixes.join(' or ')}, not '${app.prefix}'`,
    );
  }
  app.route({
    method: contract.method,
    url: contract.path,
    schema: fastifySchema(contract),
    ...hooks,
    handler: handler as unknown as RouteHandlerMethod,
  });
}
