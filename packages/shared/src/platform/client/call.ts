// The calls every platform client function makes, on the shared client core: a response
// validated by its schema, lists read as `{ results, pagination }` with the pagination taken
// from `Content-Range`, and the optional `Idempotency-Key` of a POST that moves money or status.
import { z } from 'zod';
import type { ApiArea, ApiClient, QueryValue } from '../../api-client/client';
import { PaginationSchema } from '../../api-client/pagination';
import type { Paginated } from '../../api-client/pagination';
import { IDEMPOTENCY_KEY_HEADER } from '../constants';

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the server answers a replay with the first answer. */
  idempotencyKey?: string;
}

/** Query values as a typed client function takes them: scalars and lists of scalars. */
export type QueryInput = Readonly<
  Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>
>;

/** A path segment from an id or number, escaped. */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** The query as the client core writes it: lists of numbers become lists of text. */
export function toQuery(query: QueryInput | undefined): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    out[name] = Array.isArray(value) ? value.map(String) : (value as QueryValue);
  }
  return out;
}

/** Where a call goes: path inside its area, query and extra headers. */
export interface Target {
  path: string;
  area?: ApiArea;
  query?: QueryInput | undefined;
  headers?: Readonly<Record<string, string>>;
}

function requestParts(target: Target, options: CallOptions | undefined) {
  const headers: Record<string, string> = { ...target.headers };
  if (options?.idempotencyKey !== undefined) {
    headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
  }
  return {
    path: target.path,
    ...(target.area === undefined ? {} : { area: target.area }),
    query: toQuery(target.query),
    headers,
    ...(options?.signal === undefined ? {} : { signal: options.signal }),
  };
}

/** The typed calls of one API client. */
export interface Caller {
  /** The client core the calls go through (for `callRoute` with a route table entry). */
  readonly api: ApiClient;
  /** GET one item. */
  get<T>(target: Target, schema: z.ZodType<T>, options?: CallOptions): Promise<T>;
  /** GET one item, or null on 404. */
  find<T>(target: Target, schema: z.ZodType<T>, options?: CallOptions): Promise<T | null>;
  /** GET a list: `{ results, pagination }`, pagination from `Content-Range` first. */
  list<T>(target: Target, item: z.ZodType<T>, options?: CallOptions): Promise<Paginated<T>>;
  /** POST, PUT or PATCH a JSON body (an empty object when the call has none). */
  send<T>(
    method: 'POST' | 'PUT' | 'PATCH',
    target: Target,
    body: unknown,
    schema: z.ZodType<T>,
    options?: CallOptions,
  ): Promise<T>;
  /** DELETE; the answer has no body. */
  remove(target: Target, options?: CallOptions): Promise<void>;
}

/** The typed calls on a client core. */
export function createCaller(api: ApiClient): Caller {
  return {
    api,
    async get(target, schema, options) {
      const response = await api.request({ ...requestParts(target, options), schema });
      return response.data;
    },

    async find(target, schema, options) {
      const response = await api.request({
        ...requestParts(target, options),
        schema,
        notFoundAsError: false,
      });
      return response.data;
    },

    async list(target, item, options) {
      const schema = z.object({
        results: z.array(item),
        pagination: PaginationSchema.optional(),
      });
      const response = await api.request({ ...requestParts(target, options), schema });
      const { results } = response.data;
      const pagination = response.pagination ??
        response.data.pagination ?? { start: 0, end: results.length - 1, total: results.length };
      return { results, pagination };
    },

    async send(method, target, body, schema, options) {
      const response = await api.request({
        ...requestParts(target, options),
        method,
        body,
        schema,
      });
      return response.data;
    },

    async remove(target, options) {
      await api.request({ ...requestParts(target, options), method: 'DELETE' });
    },
  };
}
