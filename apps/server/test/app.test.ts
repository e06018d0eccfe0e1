import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildApp } from '../src/app';
import { createTestDatabase, type TestDatabase } from './db';
import { testConfig } from './build-app';

// A route of the shape every later module has, to exercise the shared error handling.
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/customer/probe',
    {
      schema: {
        body: z.object({ name: z.string().min(1), count: z.number().int().min(1) }),
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    () => ({ ok: true }),
  );
  app.get('/api/customer/probe/boom', () => {
    throw new Error('database password is hunter2');
  });
};

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: false });
  app = await buildApp({ config: testConfig(), db: database.db });
  await app.register(probeRoutes);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('health', () => {
  it('answers /healthz while the process is up', async () => {
    const res = await app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz once the database answers and the finder read model is loaded', async () => {
    expect([...app.readiness.keys()]).toContain('finder read model');
    await expect
      .poll(async () => (await app.inject('/readyz')).statusCode, { timeout: 20_000 })
      .toBe(200);
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 503 naming the parts still starting', async () => {
    let ready = false;
    app.readiness.set('test part', () => ready);
    try {
      const waiting = await app.inject('/readyz');
      expect(waiting.statusCode).toBe(503);
      expect(waiting.json()).toMatchObject({
        code: 'service_unavailable',
        message: 'Still starting: test part',
      });
      ready = true;
      expect((await app.inject('/readyz')).statusCode).toBe(200);
    } finally {
      app.readiness.delete('test part');
    }
  });
});

describe('errors', () => {
  it('answers an unknown API route with a JSON 404 naming the route', async () => {
    const res = await app.inject({
      url: '/api/customer/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      code: 'route_not_found',
      message: 'No route GET /api/customer/nothing-here',
    });
  });

  it('answers a malformed JSON body with 400 invalid_json', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/customer/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_json',
      message: expect.stringContaining('JSON'),
    });
  });

  it('answers a body that breaks the schema with validation_error naming the field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/customer/probe',
      payload: { name: 'x', count: 0 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{
      code: string;
      message: string;
      details: { issues: { path: string }[] };
    }>();
    expect(body.code).toBe('validation_error');
    expect(body.message).toContain('count');
    expect(body.details.issues[0]?.path).toBe('body.count');
  });

  it('gives each field error as a key of the shared validation catalogue with its values', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/customer/probe',
      payload: { count: 0 },
    });
    expect(res.statusCode).toBe(400);
    const { issues } = res.json<{
      details: { issues: { path: string; key: string; values?: Record<string, unknown> }[] };
    }>().details;
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.name', key: 'required' }),
        expect.objectContaining({ path: 'body.count', key: 'number_min', values: { min: 1 } }),
      ]),
    );
  });

  it('answers a body in another media type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/customer/probe',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('hides the internals of an unexpected failure', async () => {
    const res = await app.inject('/api/customer/probe/boom');
    expect(res.statusCode).toBe(500);
    const body = res.json<{ code: string; message: string }>();
    expect(body.code).toBe('internal_error');
    expect(res.body).not.toContain('hunter2');
  });

  it('answers what the HTTP parser refuses with a code and a message, not a bare error', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    /** Sends raw bytes and reads the whole answer (the server closes the connection). */
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(address.port, '127.0.0.1', () => {
          socket.write(request);
        });
        let answer = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => {
          answer += chunk;
        });
        socket.on('end', () => {
          resolve(answer);
        });
        socket.on('error', reject);
      });
    const bodyOf = (answer: string) =>
      JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { code: string; message: string };

    const long = await raw(
      `GET /api/customer/probe?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(long.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(bodyOf(long)).toEqual({
      code: 'headers_too_large',
      message: "The request's address or headers are too long",
    });

    const garbage = await raw('NOT AN HTTP REQUEST\r\n\r\n');
    expect(garbage.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(bodyOf(garbage).code).toBe('bad_request');
  });

  it('writes the message in Chinese when the client asks for it', async () => {
    const res = await app.inject({
      url: '/api/customer/probe/boom',
      headers: { 'accept-language': 'zh-HK,zh;q=0.9,en;q=0.8' },
    });
    expect(res.json<{ message: string }>().message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('security headers and docs', () => {
  it('sends a strict content security policy', async () => {
    const res = await app.inject('/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('sends the same security headers on every answer: success, not found, bad input, failure', async () => {
    const answers = await Promise.all([
      app.inject('/healthz'),
      app.inject('/api/customer/no-such-route'),
      app.inject({ method: 'POST', url: '/api/customer/probe', payload: { name: '', count: 0 } }),
      app.inject('/api/customer/probe/boom'),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 400, 500]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'content-security-policy': expect.stringContaining("object-src 'none'"),
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'origin-agent-cluster': '?1',
      });
      expect(res.headers).not.toHaveProperty('strict-transport-security');
      expect(res.headers).not.toHaveProperty('x-powered-by');
    }
  });

  it('publishes an OpenAPI document built from the route schemas', async () => {
    const res = await app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty('/api/customer/probe');
  });
});
