// A small fetch-based GraphQL client for the finder's data calls (spec §7), sending the same
// headers as the web's API client: JSON, weighted Accept-Language, the per-browser transaction
// id and the device (session service) id. Errors become `ApiError`s carrying the server's code;
// every answer passes through `serviceStatus`, as the API client's do.
import { acceptLanguage, ApiError, getTransactionId } from '@clinicpass/shared/api-client/client';
import { GRAPHQL_CSRF_HEADER } from '@clinicpass/shared/constants';
import { errorMessage } from '@clinicpass/shared/errors/messages';
import type { Language } from '@clinicpass/shared/i18n/languages';

import { env } from '../../../config/env';
import { DEVICE_ID_STORAGE_KEY, serviceStatus, storage } from '../../../lib/api';

export const GRAPHQL_PATH = '/api/graphql';

/** Preferred languages, best first: the one in use, then the other. */
export function languagesFor(language: Language): string[] {
  return language === 'zh-HK' ? ['zh-HK', 'zh', 'en'] : ['en', 'zh-HK'];
}

interface GraphqlError {
  message?: string;
  extensions?: { code?: unknown; status?: unknown };
}

export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown>;
  language: Language;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Runs a query; resolves with `data`, or throws an `ApiError` with the first error's code. */
export async function graphqlRequest<T>({
  query,
  variables,
  language,
  headers,
  signal,
}: GraphqlRequest): Promise<T> {
  const requestHeaders = new Headers({
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Accept-Language': acceptLanguage(languagesFor(language)),
    'X-Transaction-Id': getTransactionId(storage),
    // Yoga's CSRF prevention wants it on every request, GET included (decision 135).
    [GRAPHQL_CSRF_HEADER]: '1',
  });
  const deviceId = storage.getItem(DEVICE_ID_STORAGE_KEY);
  if (deviceId !== null) requestHeaders.set('X-Device-Id', deviceId);
  for (const [name, value] of Object.entries(headers ?? {})) requestHeaders.set(name, value);
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(`${env.apiBaseUrl}${GRAPHQL_PATH}`, {
      method: 'POST',
      headers: requestHeaders,
      body: JSON.stringify({ query, variables }),
      credentials: 'same-origin',
      ...(signal === undefined ? {} : { signal }),
    });
    const text = await response.text();
    body = text === '' ? null : (JSON.parse(text) as unknown);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: errorMessage('network_error', 'en'),
      cause: error,
    });
  }
  const record = (typeof body === 'object' && body !== null ? body : {}) as {
    data?: unknown;
    errors?: GraphqlError[];
    code?: unknown;
    message?: unknown;
  };
  const first = record.errors?.[0];
  // Like every API answer, it sets or clears the read-only and maintenance states (spec §7).
  serviceStatus.onResponse(response, {
    errorCode: typeof record.code === 'string' ? record.code : null,
  });
  if (first !== undefined) {
    const code =
      typeof first.extensions?.code === 'string' ? first.extensions.code : 'internal_error';
    throw new ApiError({
      status: response.ok ? 200 : response.status,
      code,
      message: first.message ?? errorMessage('internal_error', 'en'),
      body,
    });
  }
  if (!response.ok || record.data === undefined || record.data === null) {
    throw new ApiError({
      status: response.status,
      code: typeof record.code === 'string' ? record.code : 'internal_error',
      message:
        typeof record.message === 'string' ? record.message : errorMessage('internal_error', 'en'),
      body,
    });
  }
  return record.data as T;
}
