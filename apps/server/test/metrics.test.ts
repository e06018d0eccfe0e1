// `/metrics` (decision 263): off without METRICS_TOKEN (404, not the SPA's page), behind its
// bearer token when set, in Prometheus's format; request ids and `traceparent` (decision 263).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-app';

const TOKEN = 'metrics-token-of-the-test-0123456789';
let on: TestApp;
let off: TestApp;

beforeAll(async () => {
  [on, off] = await Promise.all([
    buildTestApp({ env: { METRICS_TOKEN: TOKEN } }),
    buildTestApp({ seeded: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([on.close(), off.close()]);
});

describe('/metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const answer = await off.app.inject({ url: '/metrics', headers: { accept: 'text/html' } });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'route_not_found' });
  });

  it('answers only its bearer token, with request counts by route template and the pool', async () => {
    expect((await on.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await on.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    await on.app.inject({ url: '/healthz' });
    const answer = await on.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.body).toMatch(
      /^http_requests_total\{method="GET",route="\/healthz",status_code="200"\} 1$/m,
    );
    expect(answer.body).toMatch(/^http_request_duration_seconds_count\{.*route="\/healthz"/m);
    expect(answer.body).toMatch(/^clinicpass_db_pool_connections\{state="max"\} 10$/m);
    expect(answer.body).toContain('clinicpass_finder_search_seconds');
  });
});

describe('request ids and trace context', () => {
  it('echoes a valid X-Request-Id, makes a UUID otherwise, and passes a valid traceparent on', async () => {
    const given = await on.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const bad = await on.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await on.app.inject({ url: '/healthz' });
    expect(none.headers['x-request-id']).not.toBe(bad.headers['x-request-id']);
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(
      (await on.app.inject({ url: '/healthz', headers: { traceparent } })).headers.traceparent,
    ).toBe(traceparent);
    const zeros = `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`;
    expect(
      (await on.app.inject({ url: '/healthz', headers: { traceparent: zeros } })).headers
        .traceparent,
    ).toBeUndefined();
  });
});
