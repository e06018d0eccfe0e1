import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { fixedClock } from '../time/clock';
import {
  acceptLanguage,
  ApiError,
  createApiClient,
  getTransactionId,
  isApiError,
  TRANSACTION_ID_STORAGE_KEY,
} from './client';
import type { ApiClientOptions, KeyValueStorage } from './client';

interface Call {
  url: string;
  init: RequestInit;
}

function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json');
  return new Response(JSON.stringify(body), { ...init, headers });
}

function setup(
  respond: (call: Call) => Response | Promise<Response> = () => json({}),
  options: Partial<ApiClientOptions> = {},
) {
  const calls: Call[] = [];
  const client = createApiClient({
    baseUrl: 'http://localhost:3000',
    fetch: (url, init) => {
      calls.push({ url, init });
      return Promise.resolve(respond({ url, init }));
    },
    ...options,
  });
  const headers = (index = 0) => new Headers(calls[index]!.init.headers);
  return { client, calls, headers };
}

function memoryStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('request address', () => {
  it('puts the path under the customer area by default', async () => {
    const { client, calls } = setup();
    await client.request({ path: '/announcement' });
    expect(calls[0]!.url).toBe('http://localhost:3000/api/customer/announcement');
    expect(calls[0]!.init.method).toBe('GET');
  });

  it('puts the path under the chosen area', async () => {
    const { client, calls } = setup(undefined, { baseUrl: '' });
    await client.request({ area: 'root', path: '/secret/', method: 'POST', body: {} });
    await client.request({ area: 'identity', path: '/me' });
    expect(calls.map((call) => call.url)).toEqual(['/api/root/secret/', '/identity/me']);
  });

  it('writes query values, lists comma-joined, and skips absent ones', async () => {
    const { client, calls } = setup();
    await client.request({
      path: '/policy/service-point',
      query: {
        policy_number: 'P 001',
        page: 2,
        expand_until_found: true,
        district_codes: ['HK01', 'KL02'],
        service_ids: [],
        search: undefined,
        specialty_slug: null,
      },
    });
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe('/api/customer/policy/service-point');
    expect([...url.searchParams]).toEqual([
      ['policy_number', 'P 001'],
      ['page', '2'],
      ['expand_until_found', 'true'],
      ['district_codes', 'HK01,KL02'],
    ]);
  });
});

describe('request headers', () => {
  it('send a JSON body with a JSON content type and accept JSON', async () => {
    const { client, calls, headers } = setup();
    await client.request({ path: '/outpatient/member-ticket', method: 'POST', body: { a: 1 } });
    expect(headers().get('Content-Type')).toBe('application/json');
    expect(headers().get('Accept')).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"a":1}');
  });

  it('send no content type without a body, which the server would reject as empty JSON', async () => {
    const { client, calls, headers } = setup();
    await client.request({ path: '/outpatient/submit/7', method: 'POST' });
    expect(headers().get('Content-Type')).toBeNull();
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it('send a bearer token only when there is one', async () => {
    let token: string | null = null;
    const { client, headers } = setup(undefined, { getAccessToken: () => token });
    await client.request({ path: '/partner/me' });
    token = 'abc.def';
    await client.request({ path: '/partner/me' });
    expect(headers(0).get('Authorization')).toBeNull();
    expect(headers(1).get('Authorization')).toBe('Bearer abc.def');
  });

  it('send the languages weighted downward', async () => {
    const { client, headers } = setup(undefined, { getLanguages: () => ['zh-HK', 'en'] });
    await client.request({ path: '/announcement' });
    expect(headers().get('Accept-Language')).toBe('zh-HK,en;q=0.9');
  });

  it('send the device id when known', async () => {
    let deviceId: string | null = null;
    const { client, headers } = setup(undefined, { getDeviceId: () => deviceId });
    await client.request({ path: '/announcement' });
    deviceId = 'device-1';
    await client.request({ path: '/announcement' });
    expect(headers(0).has('X-Device-Id')).toBe(false);
    expect(headers(1).get('X-Device-Id')).toBe('device-1');
  });

  it('send the same transaction id on every request', async () => {
    const { client, headers } = setup();
    await client.request({ path: '/a' });
    await client.request({ path: '/b' });
    expect(headers(0).get('X-Transaction-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers(1).get('X-Transaction-Id')).toBe(headers(0).get('X-Transaction-Id'));
  });

  it('let the caller override a header', async () => {
    const { client, headers } = setup(undefined, { getLanguages: () => ['en'] });
    await client.request({ path: '/a', headers: { 'Accept-Language': 'zh-HK' } });
    expect(headers().get('Accept-Language')).toBe('zh-HK');
  });
});

describe('acceptLanguage', () => {
  it('leaves the first language at the implicit 1.0', () => {
    expect(acceptLanguage(['en'])).toBe('en');
    expect(acceptLanguage(['zh-HK', 'en'])).toBe('zh-HK,en;q=0.9');
  });

  it('weighs down by 0.1 and never below 0.1', () => {
    const languages = Array.from({ length: 12 }, (_, index) => `l${index}`);
    expect(acceptLanguage(languages)).toBe(
      'l0,l1;q=0.9,l2;q=0.8,l3;q=0.7,l4;q=0.6,l5;q=0.5,l6;q=0.4,l7;q=0.3,l8;q=0.2,l9;q=0.1,l10;q=0.1,l11;q=0.1',
    );
  });

  it('is empty for no languages', () => {
    expect(acceptLanguage([])).toBe('');
  });
});

describe('transaction id', () => {
  it('is kept for a day and renewed after it', () => {
    const storage = memoryStorage();
    const clock = fixedClock('2026-03-10T08:00:00Z');
    const first = getTransactionId(storage, clock);
    clock.advance(86_399_000);
    expect(getTransactionId(storage, clock)).toBe(first);
    clock.advance(1_000);
    const second = getTransactionId(storage, clock);
    expect(second).not.toBe(first);
    expect(JSON.parse(storage.items.get(TRANSACTION_ID_STORAGE_KEY)!)).toEqual({
      id: second,
      createdAt: Date.parse('2026-03-11T08:00:00Z'),
    });
  });

  it('replaces a stored value it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem(TRANSACTION_ID_STORAGE_KEY, 'not json');
    const id = getTransactionId(storage, fixedClock('2026-03-10T08:00:00Z'));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(storage.items.get(TRANSACTION_ID_STORAGE_KEY)).toContain(id);
  });

  it('is renewed by the client after a day', async () => {
    const clock = fixedClock('2026-03-10T08:00:00Z');
    const { client, headers } = setup(undefined, { storage: memoryStorage(), clock });
    await client.request({ path: '/a' });
    clock.advance(86_400_000);
    await client.request({ path: '/a' });
    expect(headers(1).get('X-Transaction-Id')).not.toBe(headers(0).get('X-Transaction-Id'));
  });
});

describe('responses', () => {
  it('give the data, status and pagination from Content-Range', async () => {
    const { client } = setup(() =>
      json({ results: [] }, { status: 200, headers: { 'Content-Range': 'items 20-39/345' } }),
    );
    const response = await client.request({ path: '/policy/service-point' });
    expect(response.data).toEqual({ results: [] });
    expect(response.status).toBe(200);
    expect(response.pagination).toEqual({ start: 20, end: 39, total: 345 });
  });

  it('give null pagination without Content-Range', async () => {
    const { client } = setup(() => json([]));
    expect((await client.request({ path: '/country-region' })).pagination).toBeNull();
  });

  it('give null data for an empty response', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    expect((await client.request({ path: '/a', method: 'DELETE' })).data).toBeNull();
  });

  it('validate the data with the schema when given', async () => {
    const { client } = setup(() => json({ id: 1, name: 'Partner' }));
    const response = await client.request({
      path: '/partner/me',
      schema: z.object({ id: z.number() }),
    });
    expect(response.data).toEqual({ id: 1 });
    expectTypeOf(response.data).toEqualTypeOf<{ id: number }>();
  });

  it('fail with invalid_response when the data does not match the schema', async () => {
    const { client } = setup(() => json({ id: 'one' }));
    const error = await caught(
      client.request({ path: '/partner/me', schema: z.object({ id: z.number() }) }),
    );
    expect(error.code).toBe('invalid_response');
    expect(error.status).toBe(200);
  });

  it('fail with invalid_response when a success is not JSON', async () => {
    const { client } = setup(() => new Response('<html>', { status: 200 }));
    const error = await caught(client.request({ path: '/a' }));
    expect(error.code).toBe('invalid_response');
    expect(error.body).toBe('<html>');
  });
});

describe('errors', () => {
  it('carry the code, message and details of an error body', async () => {
    const body = { code: 'validation_error', message: 'page_size too big', details: [1] };
    const { client } = setup(() => json(body, { status: 400 }));
    const error = await caught(client.request({ path: '/a' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_error',
      message: 'page_size too big',
      details: [1],
      body,
    });
  });

  it('read a body that is not ours as an internal error with the default message', async () => {
    const { client } = setup(() => new Response('Bad gateway', { status: 502 }));
    const error = await caught(client.request({ path: '/a' }));
    expect(error).toMatchObject({
      status: 502,
      code: 'internal_error',
      message: 'Something goes wrong, please try again later',
      body: 'Bad gateway',
    });
  });

  it('treat a 404 as an error by default', async () => {
    const { client } = setup(() => json({ code: 'not_found', message: 'No' }, { status: 404 }));
    expect((await caught(client.request({ path: '/a' }))).code).toBe('not_found');
  });

  it('resolve a 404 with null data when asked', async () => {
    const { client } = setup(() => json({ code: 'not_found', message: 'No' }, { status: 404 }));
    const response = await client.request({
      path: '/a',
      notFoundAsError: false,
      schema: z.object({ id: z.number() }),
    });
    expect(response).toMatchObject({ data: null, status: 404, pagination: null });
    expectTypeOf(response.data).toEqualTypeOf<{ id: number } | null>();
  });

  it('still fail on a missing route when a 404 is not an error', async () => {
    const { client } = setup(() =>
      json({ code: 'route_not_found', message: 'No route' }, { status: 404 }),
    );
    const error = await caught(client.request({ path: '/typo', notFoundAsError: false }));
    expect(error.code).toBe('route_not_found');
  });

  it('report a failed connection as a network error with status 0', async () => {
    const { client } = setup(() => {
      throw new TypeError('fetch failed');
    });
    const error = await caught(client.request({ path: '/a' }));
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('report a connection dropped while the body streams as a network error', async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.error(new TypeError('terminated'));
      },
    });
    const { client } = setup(() => new Response(broken, { status: 200 }));
    expect(await caught(client.request({ path: '/a' }))).toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });

  it('pass a cancellation through untouched', async () => {
    const controller = new AbortController();
    const abort = new DOMException('aborted', 'AbortError');
    const { client } = setup(() => {
      controller.abort();
      throw abort;
    });
    await expect(client.request({ path: '/a', signal: controller.signal })).rejects.toBe(abort);
  });
});

describe('onResponse', () => {
  it('sees every response with the error code, for the read-only cookie', async () => {
    const seen: [number, string | null][] = [];
    let next = json({ code: 'read_only_mode', message: 'Read only' }, { status: 503 });
    const { client } = setup(() => next, {
      onResponse: (response, { errorCode }) => seen.push([response.status, errorCode]),
    });
    await caught(client.request({ path: '/a', method: 'POST', body: {} }));
    next = json({ ok: true });
    await client.request({ path: '/a' });
    expect(seen).toEqual([
      [503, 'read_only_mode'],
      [200, null],
    ]);
  });
});
