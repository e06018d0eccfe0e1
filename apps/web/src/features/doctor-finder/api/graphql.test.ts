import { GRAPHQL_CSRF_HEADER } from '@clinicpass/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { DEVICE_ID_STORAGE_KEY, READ_ONLY_COOKIE, serviceStatus, storage } from '../../../lib/api';
import { graphqlRequest } from './graphql';

afterEach(() => {
  vi.unstubAllGlobals();
});

const Ok = z.boolean();
const answer = (status: number, body: object) => () =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('finder GraphQL requests', () => {
  it('go as GET with the query and variables in the URL, the headers, and return the field', async () => {
    storage.setItem(DEVICE_ID_STORAGE_KEY, 'device-123');
    const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ data: { ok: true } }), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const data = await graphqlRequest({
      query: 'query Ok($a: Int) {\n  ok(a: $a)\n}',
      variables: { a: 1, b: undefined },
      field: 'ok',
      schema: Ok,
      language: 'zh-HK',
    });
    expect(data).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    const sent = new URL(url, 'http://localhost');
    expect(sent.pathname).toBe('/api/graphql');
    expect(sent.searchParams.get('query')).toBe('query Ok($a: Int) { ok(a: $a) }');
    expect(sent.searchParams.get('variables')).toBe('{"a":1}');
    const headers = new Headers(init.headers);
    expect(headers.get('accept-language')).toBe('zh-HK,zh;q=0.9,en;q=0.8');
    expect(headers.get('x-transaction-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.get('x-device-id')).toBe('device-123');
    expect(headers.get(GRAPHQL_CSRF_HEADER)).toBe('1');
    // A GET carries no body, so no content type either.
    expect(headers.get('content-type')).toBeNull();
  });

  it('turn a GraphQL error into an ApiError with its code and that code’s status', async () => {
    vi.stubGlobal(
      'fetch',
      answer(200, { data: null, errors: [{ message: 'no', extensions: { code: 'no_access' } }] }),
    );
    await expect(
      graphqlRequest({ query: '{ x }', field: 'x', schema: Ok, language: 'en' }),
    ).rejects.toMatchObject({ status: 403, code: 'no_access', message: 'no' });
    // A code the catalogue does not know keeps the answer's status.
    vi.stubGlobal(
      'fetch',
      answer(200, { data: null, errors: [{ message: 'odd', extensions: { code: 'odd' } }] }),
    );
    await expect(
      graphqlRequest({ query: '{ x }', field: 'x', schema: Ok, language: 'en' }),
    ).rejects.toMatchObject({ status: 200, code: 'odd' });
  });

  it('turn a refused query (4xx with GraphQL errors) into an ApiError with its code', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        errors: [{ message: 'Query is too complex', extensions: { code: 'query_too_complex' } }],
      }),
    );
    await expect(
      graphqlRequest({ query: '{ x }', field: 'x', schema: Ok, language: 'en' }),
    ).rejects.toMatchObject({ status: 400, code: 'query_too_complex' });
  });

  it('refuse an answer that does not match its schema', async () => {
    vi.stubGlobal('fetch', answer(200, { data: { ok: 'yes' } }));
    await expect(
      graphqlRequest({ query: '{ ok }', field: 'ok', schema: Ok, language: 'en' }),
    ).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('sets the read-only state on a 503 read_only_mode and clears it on the next answer', async () => {
    vi.stubGlobal('fetch', answer(503, { code: 'read_only_mode', message: 'Read only' }));
    await expect(
      graphqlRequest({ query: '{ x }', field: 'x', schema: Ok, language: 'en' }),
    ).rejects.toMatchObject({ code: 'read_only_mode' });
    expect(document.cookie).toContain(`${READ_ONLY_COOKIE}=1`);
    expect(serviceStatus.get().readOnly).toBe(true);
    vi.stubGlobal('fetch', answer(200, { data: { ok: true } }));
    await graphqlRequest({ query: '{ ok }', field: 'ok', schema: Ok, language: 'en' });
    expect(document.cookie).not.toContain(READ_ONLY_COOKIE);
    expect(serviceStatus.get().readOnly).toBe(false);
  });
});
