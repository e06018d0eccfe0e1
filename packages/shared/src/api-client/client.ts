import type { z } from 'zod';
import { ErrorBodySchema } from '../errors/error-body';
import { errorMessagesEn } from '../errors/messages-en';
import type { Clock } from '../time/clock';
import { parseContentRange } from './pagination';
import type { Pagination } from './pagination';

// The wall clock, not time/clock's `systemClock`: importing that module would bring its Hong Kong
// date helpers (date-fns) into every page of the web app with this client (issue 16).
const systemClock: Clock = { now: () => new Date() };

/** Path prefix of each API area; `customer` is the default. */
export const API_AREAS = {
  customer: '/api/customer',
  root: '/api/root',
  partnership: '/api/partnership',
  clinic: '/api/clinic',
  merchant: '/api/merchant',
  advisor: '/api/advisor',
  /** The back office (issue 39): the insurer's staff, with roles. */
  ops: '/api/ops',
  identity: '/identity',
  session: '/session',
  /** The GraphQL endpoint (one path, no sub-paths): see `graphql.ts`. */
  graphql: '/api/graphql',
} as const;
export type ApiArea = keyof typeof API_AREAS;

/** The transaction id is per browser and renewed daily. */
export const TRANSACTION_ID_TTL_SECONDS = 86_400;
/** Where the transaction id and its creation time are kept (local storage in the web). */
export const TRANSACTION_ID_STORAGE_KEY = 'transaction-id';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

export interface ApiClientOptions {
  /** Origin the areas hang from: '' for the page's own origin, or 'http://localhost:3000'. */
  baseUrl: string;
  /** Defaults to the global fetch; tests pass a fake. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  getAccessToken?: () => string | null | undefined;
  /** Preferred languages, best first, sent as `Accept-Language`. */
  getLanguages?: () => readonly string[];
  /** The session service's id, sent as `X-Device-Id`. */
  getDeviceId?: () => string | null;
  /** Keeps the transaction id; without it the id lives as long as the client. */
  storage?: KeyValueStorage;
  clock?: Clock;
  /**
   * Sees every response before it is read (for the read-only cookie and maintenance handling):
   * `errorCode` is the body's code for an error response, else null.
   */
  onResponse?: (response: Response, info: { errorCode: string | null }) => void;
}

export interface RequestOptions<T> {
  area?: ApiArea;
  /** Path inside the area, starting with '/'. */
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Readonly<Record<string, QueryValue>>;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  /** False: a 404 resolves with `data: null` instead of throwing. */
  notFoundAsError?: boolean;
  /** Validates the response data. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  /** From the `Content-Range` header; null when the response has none. */
  pagination: Pagination | null;
  status: number;
  headers: Headers;
}

export interface ApiClient {
  request<T = unknown>(
    options: RequestOptions<T> & { notFoundAsError: false },
  ): Promise<ApiResponse<T | null>>;
  request<T = unknown>(options: RequestOptions<T>): Promise<ApiResponse<T>>;
}

/**
 * An error response, or no response at all (`status` 0, `code` 'network_error'). `code` is the
 * server's code, which the web maps to a message; `message` is the server's text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  /** The parsed JSON body, or the raw text when the body was not JSON. */
  readonly body: unknown;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    details?: unknown;
    body?: unknown;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.body = init.body;
  }
}

/** Whether a thrown value is an `ApiError`. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * An `Accept-Language` value weighting the languages from 1.0 down by 0.1, never below 0.1.
 * The first carries no weight, which means 1.0: `['zh-HK', 'en']` → 'zh-HK,en;q=0.9'.
 */
export function acceptLanguage(languages: readonly string[]): string {
  return languages
    .map((language) => language.trim())
    .filter((language) => language !== '')
    .map((language, index) => {
      if (index === 0) return language;
      // Tenths as integers, so 1.0 − 0.3 writes 0.7 and not 0.7000000000000001.
      const tenths = Math.max(10 - index, 1);
      return `${language};q=${(tenths / 10).toFixed(1)}`;
    })
    .join(',');
}

function readStoredTransactionId(raw: string | null): { id: string; createdAt: number } | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      'id' in value &&
      'createdAt' in value &&
      typeof value.id === 'string' &&
      typeof value.createdAt === 'number'
    ) {
      return { id: value.id, createdAt: value.createdAt };
    }
  } catch {
    // A value we cannot read is replaced like an expired one.
  }
  return null;
}

/**
 * The per-browser transaction id: the stored one while younger than a day, else a new random
 * one, stored with its creation time.
 */
export function getTransactionId(storage: KeyValueStorage, clock: Clock = systemClock): string {
  const now = clock.now().getTime();
  const stored = readStoredTransactionId(storage.getItem(TRANSACTION_ID_STORAGE_KEY));
  if (
    stored !== null &&
    stored.createdAt <= now &&
    now - stored.createdAt < TRANSACTION_ID_TTL_SECONDS * 1000
  ) {
    return stored.id;
  }
  const id = globalThis.crypto.randomUUID();
  storage.setItem(TRANSACTION_ID_STORAGE_KEY, JSON.stringify({ id, createdAt: now }));
  return id;
}

function memoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      params.append(name, String(value));
    } else if (value.length > 0) {
      // The API reads lists comma-joined (`district_codes=HK01,KL02`); an empty list is no filter.
      params.append(name, value.join(','));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

async function readBody(response: Response): Promise<{ json: unknown; text: string }> {
  const text = await response.text();
  if (text === '') return { json: null, text };
  try {
    return { json: JSON.parse(text) as unknown, text };
  } catch {
    return { json: undefined, text };
  }
}

/** The API client: one place for the headers, errors and pagination every call shares. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  // Looked up per call, so a fetch installed later (a test stub, a polyfill) is the one used.
  const fetchImpl = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const storage = options.storage ?? memoryStorage();
  const clock = options.clock ?? systemClock;

  function headersFor(req: RequestOptions<unknown>): Headers {
    const headers = new Headers({ Accept: 'application/json' });
    // Only with a body: a JSON content type on an empty body is a 400 at the server.
    if (req.body !== undefined) headers.set('Content-Type', 'application/json');
    const token = options.getAccessToken?.();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const languages = acceptLanguage(options.getLanguages?.() ?? []);
    if (languages !== '') headers.set('Accept-Language', languages);
    headers.set('X-Transaction-Id', getTransactionId(storage, clock));
    const deviceId = options.getDeviceId?.();
    if (deviceId) headers.set('X-Device-Id', deviceId);
    for (const [name, value] of Object.entries(req.headers ?? {})) headers.set(name, value);
    return headers;
  }

  async function request<T>(req: RequestOptions<T>): Promise<ApiResponse<T | null>> {
    const url = `${options.baseUrl}${API_AREAS[req.area ?? 'customer']}${req.path}${queryString(req.query)}`;
    const init: RequestInit = {
      method: req.method ?? 'GET',
      headers: headersFor(req),
    };
    if (req.body !== undefined) init.body = JSON.stringify(req.body);
    if (req.signal !== undefined) init.signal = req.signal;

    let response: Response;
    let body: { json: unknown; text: string };
    try {
      response = await fetchImpl(url, init);
      // A connection dropped while the body streams is as much a network failure.
      body = await readBody(response);
    } catch (error) {
      // A cancelled request is the caller's doing, not a network failure.
      if (req.signal?.aborted) throw error;
      throw new ApiError({
        status: 0,
        code: 'network_error',
        message: errorMessagesEn.network_error,
        cause: error,
      });
    }

    const { json, text } = body;
    const errorBody = response.ok ? null : ErrorBodySchema.safeParse(json);
    const errorCode = errorBody?.success ? errorBody.data.code : null;
    options.onResponse?.(response, { errorCode });

    const base = {
      pagination: parseContentRange(response.headers.get('Content-Range')),
      status: response.status,
      headers: response.headers,
    };

    if (
      response.status === 404 &&
      req.notFoundAsError === false &&
      // A missing route is a bug in the caller, never "no such item".
      errorCode !== 'route_not_found'
    ) {
      return { ...base, data: null };
    }

    if (errorBody !== null) {
      throw errorBody.success
        ? new ApiError({
            status: response.status,
            code: errorBody.data.code,
            message: errorBody.data.message,
            details: errorBody.data.details,
            body: json,
          })
        : new ApiError({
            status: response.status,
            code: 'internal_error',
            message: errorMessagesEn.internal_error,
            body: json === undefined ? text : json,
          });
    }

    if (json === undefined) {
      throw new ApiError({
        status: response.status,
        code: 'invalid_response',
        message: 'The response is not JSON',
        body: text,
      });
    }
    if (req.schema === undefined) return { ...base, data: json as T };
    const parsed = req.schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError({
        status: response.status,
        code: 'invalid_response',
        message: 'The response does not match its schema',
        details: parsed.error.issues,
        body: json,
        cause: parsed.error,
      });
    }
    return { ...base, data: parsed.data };
  }

  return { request };
}
