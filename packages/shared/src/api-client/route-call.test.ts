import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { announcementContract } from '../contracts/announcement';
import { finderContract } from '../contracts/finder';
import { identityContract } from '../contracts/identity';
import { outpatientContract } from '../contracts/outpatient';
import { partnerContract } from '../contracts/partner';
import { referenceContract } from '../contracts/reference';
import { defineRoute } from '../contracts/route';
import { createApiClient, isApiError, type ApiError } from './client';
import { callRoute, fillPath, routeUrl } from './route-call';

interface Call {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function setup(respond: (call: Call) => Response) {
  const calls: Call[] = [];
  const api = createApiClient({
    baseUrl: 'http://api.test',
    fetch: (url, init) => {
      const call: Call = {
        url: new URL(url),
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return Promise.resolve(respond(call));
    },
  });
  return { api, calls };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const announcement = {
  id: 1,
  content_en: 'Hello',
  content_zh: '你好',
  content: 'Hello',
  is_dismissable: true,
  message_type: 'info',
  tags: ['guest'],
};

describe('callRoute', () => {
  it('sends the method, area, path and query of the entry and answers the validated body', async () => {
    const { api, calls } = setup(() => json({ results: [announcement] }));
    const answer = await callRoute(api, announcementContract.listAnnouncements, {
      query: { tag: 'guest' },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/customer/announcement');
    expect(calls[0]!.url.searchParams.get('tag')).toBe('guest');
    expect(calls[0]!.body).toBeUndefined();
    expect(answer.results[0]!.content).toBe('Hello');
  });

  it('fills path parameters, escaped', async () => {
    const { api, calls } = setup(() => json({ is_bookmarked: true }));
    await callRoute(api, finderContract.setBookmark, { params: { id: 42 } }).catch(() => null);
    expect(`${calls[0]!.method} ${calls[0]!.url.pathname}`).toBe(
      'PUT /api/customer/service-point/42/bookmark',
    );
    expect(fillPath('/policy/:number/project-premium', { number: 'OP/1 2' })).toBe(
      '/policy/OP%2F1%202/project-premium',
    );
    expect(() => fillPath('/policy/:id')).toThrow(/needs the parameter id/);
  });

  it('sends the body as JSON, `{}` when a route with a body is given none', async () => {
    const { api, calls } = setup(() => json({ signed_in: false }));
    await callRoute(api, identityContract.signIn, {
      body: { email: 'a@example.com', password: 'secret' },
    });
    expect(calls[0]!.url.pathname).toBe('/identity/sign-in');
    expect(calls[0]!.body).toEqual({ email: 'a@example.com', password: 'secret' });
    await callRoute(api, identityContract.signOut).catch(() => null);
    expect(calls[1]!.body).toEqual({});
  });

  it('sends the Idempotency-Key and further headers', async () => {
    const { api, calls } = setup(() => json({ token: 't', expires_at: '2026-12-01T00:00:00Z' }));
    await callRoute(api, outpatientContract.createSharedCardLink, {
      body: {},
      idempotencyKey: 'key-1',
      headers: { 'x-member-view-token': 'view' },
    });
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe('key-1');
    expect(calls[0]!.headers.get('x-member-view-token')).toBe('view');
  });

  it('refuses an answer that does not match the entry', async () => {
    const { api } = setup(() => json({ results: [{ ...announcement, tags: ['admin'] }] }));
    const error = await caught(callRoute(api, announcementContract.listAnnouncements));
    expect(error.code).toBe('invalid_response');
  });

  it('reads a list’s pagination from Content-Range first', async () => {
    const { api } = setup(() =>
      json({ results: [], pagination: { start: 0, end: -1, total: 0 } }, 200, {
        'Content-Range': 'items 20-39/57',
      }),
    );
    const list = await callRoute(api, referenceContract.listNationalities, {
      query: { page: 2 },
    });
    expect(list.pagination).toEqual({ start: 20, end: 39, total: 57 });
  });

  it('throws the server’s error, or answers null for a 404 when asked to', async () => {
    const notFound = () => json({ code: 'not_found', message: 'No partner' }, 404);
    const { api } = setup(notFound);
    const { getPartner } = partnerContract;
    expect((await caught(callRoute(api, getPartner))).code).toBe('not_found');
    await expect(callRoute(api, getPartner, { notFoundAsError: false })).resolves.toBeNull();
  });

  it('answers null for a route answering 204', async () => {
    const { api } = setup(() => new Response(null, { status: 204 }));
    const route = defineRoute({
      method: 'DELETE',
      area: 'customer',
      path: '/thing/:id',
      params: z.object({ id: z.number() }),
      responses: {},
      errors: [],
      auth: 'customer',
    });
    await expect(callRoute(api, route, { params: { id: 1 } })).resolves.toBeNull();
    expect(routeUrl(route, { id: 1 })).toBe('/api/customer/thing/1');
  });
});
