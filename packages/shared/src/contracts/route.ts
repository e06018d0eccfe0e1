// The route table (issue 14): one entry per endpoint, holding everything both sides need to
// agree on — method, path, area, the request's parameters, query, body and headers, the answer
// by status, the error codes it may answer, and what the OpenAPI document says of it. The
// server registers its routes from the entries (apps/server/src/lib/contract-route.ts), the
// typed client calls them (api-client/route-call.ts), and the types of both are inferred from
// the zod schemas here. Shapes live in `schemas/` and `platform/`; an entry names them.
import type { z } from 'zod';
import { API_AREAS } from '../api-client/client';
import type { ErrorCode } from '../errors/codes';
import type { StaffRole } from '../platform/staff';

/** Where routes hang: the client's API areas, plus the development helpers and the top level. */
export const ROUTE_AREAS = { ...API_AREAS, dev: '/dev', top: '' } as const;
export type RouteArea = keyof typeof ROUTE_AREAS;

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route, as the route checks it today (documentation: the check itself stays in
 * the module: a hook, `request.requireCaller()` or the service).
 * - `none`: anyone; the caller changes nothing.
 * - `optional`: anyone; a signed-in caller may see more (their bookmarks, their prices).
 * - `customer`: a signed-in customer; a guest is answered 401.
 * - `customer-or-view-token`: the signed-in owner, or the member view token of the member.
 * - `clinic-key`: a clinic presenting a live clinic key (decision 106).
 * - `clinic`: a signed-in clinic staff member (for their venues) or a live clinic key (its venue).
 * - `token`: the request carries its own credential (a one-time secret, a shared-card token).
 * - `staff`: a signed-in member of the insurer's staff holding one of the entry's `staffRoles`.
 */
export type RouteAuth =
  | 'none'
  | 'optional'
  | 'customer'
  | 'customer-or-view-token'
  | 'clinic-key'
  | 'clinic'
  | 'token'
  | 'staff';

/** An answer schema by HTTP status. */
export type RouteResponses = Readonly<Partial<Record<number, z.ZodType>>>;

/** One endpoint of the route table. */
export interface RouteContract {
  method: RouteMethod;
  /** The area the route is served in (its path prefix), and the one the typed client calls. */
  area: RouteArea;
  /** Further areas the same route is served in (decision 088: `/partner/me`). */
  alsoIn?: readonly RouteArea[];
  /** Path inside the area, Fastify style: `/policy/:id`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Request headers the OpenAPI document lists (e.g. `Idempotency-Key`). */
  headers?: z.ZodType;
  /** The answer by status; a status without a schema (204) is left out. */
  responses: RouteResponses;
  /** Error codes of the catalogue the route may answer, besides the generic ones of every route. */
  errors: readonly ErrorCode[];
  auth: RouteAuth;
  /** With `auth: 'staff'`: the roles that may call it, or `any` for every staff member. */
  staffRoles?: readonly StaffRole[] | 'any';
  summary?: string;
  description?: string;
  tags?: readonly string[];
  /** Kept out of the OpenAPI document (say why where the entry is defined). */
  hide?: boolean;
}

/** Declares a route table entry, keeping its literal types for inference. */
export function defineRoute<const Contract extends RouteContract>(contract: Contract): Contract {
  return contract;
}

/** The path prefix of every area a route is served in. */
export function routePrefixes(contract: RouteContract): string[] {
  return [contract.area, ...(contract.alsoIn ?? [])].map((area) => ROUTE_AREAS[area]);
}

type Schema<Contract, Key extends string> =
  Contract extends Readonly<Record<Key, infer Found extends z.ZodType>> ? Found : undefined;

/** What a handler reads: the parsed (output) type of a part, `unknown` when it has no schema. */
type Parsed<Found> = Found extends z.ZodType ? z.output<Found> : unknown;
/** What a caller sends: the input type of a part. */
type Sent<Found> = Found extends z.ZodType ? z.input<Found> : never;

export type RouteParams<Contract> = Parsed<Schema<Contract, 'params'>>;
export type RouteQuery<Contract> = Parsed<Schema<Contract, 'query'>>;
export type RouteBody<Contract> = Parsed<Schema<Contract, 'body'>>;
export type RouteHeaders<Contract> = Parsed<Schema<Contract, 'headers'>>;

export type RouteParamsInput<Contract> = Sent<Schema<Contract, 'params'>>;
export type RouteQueryInput<Contract> = Sent<Schema<Contract, 'query'>>;
export type RouteBodyInput<Contract> = Sent<Schema<Contract, 'body'>>;

/** The statuses of the successful answers a route declares. */
type SuccessStatus = 200 | 201 | 202;

/** The schema of the successful answer (200, else 201, else 202); undefined for none (204). */
export type SuccessSchema<Contract> = Contract extends {
  responses: infer Responses;
}
  ? Responses extends Readonly<Record<200, infer Found extends z.ZodType>>
    ? Found
    : Responses extends Readonly<Record<201, infer Found extends z.ZodType>>
      ? Found
      : Responses extends Readonly<Record<202, infer Found extends z.ZodType>>
        ? Found
        : undefined
  : undefined;

/** The successful answer as a caller reads it (validated): null for a route answering 204. */
export type RouteResult<Contract> =
  SuccessSchema<Contract> extends z.ZodType ? z.output<SuccessSchema<Contract>> : null;

/**
 * What a handler may return: the input of any answer schema the route declares; anything for a
 * route that declares none (its answer is not serialised by a schema).
 */
export type RouteReply<Contract> = Contract extends { responses: infer Responses }
  ? [keyof Responses] extends [never]
    ? unknown
    : {
        [Status in keyof Responses]: Responses[Status] extends z.ZodType
          ? z.input<Responses[Status]>
          : never;
      }[keyof Responses]
  : unknown;

/** The statuses of a successful answer. */
export const SUCCESS_STATUSES: readonly SuccessStatus[] = [200, 201, 202];

/** The schema of a route's successful answer, or undefined for a route answering 204. */
export function successSchema(contract: RouteContract): z.ZodType | undefined {
  for (const status of SUCCESS_STATUSES) {
    const schema = contract.responses[status];
    if (schema !== undefined) return schema;
  }
  return undefined;
}
