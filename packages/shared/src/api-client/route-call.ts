// Calls a route of the route table (packages/shared/src/contracts) on the client core: the path
// filled from `params`, the query and body sent, the answer validated by the entry's schema and
// typed by it. A list's pagination is read from `Content-Range` first, as every list call does.
//
//   const { results } = await callRoute(api, announcementContract.listAnnouncements, {
//     query: { tag: 'guest' },
//   });
import {
  ROUTE_AREAS,
  type RouteBodyInput,
  type RouteContract,
  type RouteParamsInput,
  type RouteQueryInput,
  type RouteResult,
  successSchema,
} from '../contracts/route';
import { IDEMPOTENCY_KEY_HEADER } from '../platform/constants';
import { type QueryInput, toQuery } from '../platform/client/call';
import type { ApiArea, ApiClient } from './client';
import type { Pagination } from './pagination';

/** A route the client can call: one in an API area. */
export type CallableRoute = RouteContract & { area: ApiArea };

type ParamsPart<Contract> = [RouteParamsInput<Contract>] extends [never]
  ? { params?: undefined }
  : { params: RouteParamsInput<Contract> };

type OptionalWhenEmpty<Name extends string, Value> = [Value] extends [never]
  ? { [Key in Name]?: undefined }
  : Record<string, never> extends Value
    ? { [Key in Name]?: Value }
    : undefined extends Value
      ? { [Key in Name]?: Value }
      : { [Key in Name]: Value };

/** What a call of `Contract` sends: its parts typed by the entry, and per-call options. */
export type RouteCallInput<Contract> = ParamsPart<Contract> &
  OptionalWhenEmpty<'query', RouteQueryInput<Contract>> &
  OptionalWhenEmpty<'body', RouteBodyInput<Contract>> & {
    /** Sent as `Idempotency-Key`: the server answers a replay with the first answer. */
    idempotencyKey?: string;
    /** Further request headers (a solved captcha, a member view token, a session id). */
    headers?: Readonly<Record<string, string>>;
    signal?: AbortSignal;
    /** False: a 404 resolves to null instead of throwing. */
    notFoundAsError?: boolean;
  };

type InputArgs<Contract> =
  Record<string, never> extends Omit<
    RouteCallInput<Contract>,
    'idempotencyKey' | 'headers' | 'signal' | 'notFoundAsError'
  >
    ? [input?: RouteCallInput<Contract>]
    : [input: RouteCallInput<Contract>];

interface LooseInput {
  params?: Readonly<Record<string, unknown>>;
  query?: unknown;
  body?: unknown;
  idempotencyKey?: string;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  notFoundAsError?: boolean;
}

/** `/policy/:id/coverage` with `{ id: 7 }` → `/policy/7/coverage`, each value escaped. */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new TypeError(`The path ${path} needs the parameter ${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Calls `contract` on `api` and resolves to its validated answer (null for a 204). */
export async function callRoute<const Contract extends CallableRoute>(
  api: ApiClient,
  contract: Contract,
  ...[input]: InputArgs<Contract>
): Promise<RouteResult<Contract>>;
export async function callRoute(
  api: ApiClient,
  contract: CallableRoute,
  ...args: unknown[]
): Promise<unknown> {
  const input = (args[0] ?? {}) as LooseInput;
  const headers: Record<string, string> = { ...input.headers };
  if (input.idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = input.idempotencyKey;
  // A route with a body schema needs a JSON body, `{}` at least (Fastify refuses none).
  const body = input.body ?? (contract.body === undefined ? undefined : {});
  const schema = successSchema(contract);
  const response = await api.request({
    area: contract.area,
    path: fillPath(contract.path, input.params),
    method: contract.method,
    query: toQuery(input.query as QueryInput | undefined),
    headers,
    ...(body === undefined ? {} : { body }),
    ...(schema === undefined ? {} : { schema }),
    ...(input.signal === undefined ? {} : { signal: input.signal }),
    ...(input.notFoundAsError === false ? { notFoundAsError: false as const } : {}),
  });
  const data = response.data;
  if (response.pagination !== null && isRecord(data) && 'pagination' in data) {
    const pagination: Pagination = response.pagination;
    return { ...data, pagination };
  }
  return data;
}

/** The full path of a route as a browser sends it (`/api/customer/announcement`). */
export function routeUrl(
  contract: CallableRoute,
  params?: Readonly<Record<string, unknown>>,
): string {
  return `${ROUTE_AREAS[contract.area]}${fillPath(contract.path, params)}`;
}
