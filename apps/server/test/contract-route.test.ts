// Routes registered from the route table: the Fastify schema comes from the entry (so requests
// are validated and answers serialised by it), and an entry registered under another area's
// prefix stops the app at start-up.
import { defineRoute } from '@clinicpass/shared/contracts/route';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastifySchema, route } from '../src/lib/contract-route';

const entry = defineRoute({
  method: 'POST',
  area: 'customer',
  path: '/thing/:id',
  params: z.object({ id: z.coerce.number().int().min(1) }),
  body: z.object({ name: z.string().min(1) }),
  responses: { 200: z.object({ id: z.number(), name: z.string() }) },
  errors: ['validation_error'],
  auth: 'none',
  tags: ['probe'],
  summary: 'A thing',
});

function probeApp() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

describe('route(app, entry, handler)', () => {
  it('registers the entry with its schema: parsed input, serialised answer', async () => {
    const app = probeApp();
    await app.register(
      (scoped, _options, done) => {
        route(scoped, entry, (request) => ({ ...request.body, id: request.params.id, extra: 1 }));
        done();
      },
      { prefix: '/api/customer' },
    );
    const ok = await app.inject({
      method: 'POST',
      url: '/api/customer/thing/7',
      payload: { name: 'x' },
    });
    expect(ok.statusCode).toBe(200);
    // The answer schema serialises: what it does not name is not sent.
    expect(ok.json()).toEqual({ id: 7, name: 'x' });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/customer/thing/0',
      payload: { name: '' },
    });
    expect(bad.statusCode).toBe(400);
    await app.close();
  });

  it('refuses an entry registered under another area', async () => {
    const app = probeApp();
    await expect(
      app.register(
        // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
        async (scoped) => {
          route(scoped, entry, () => ({ id: 1, name: 'x' }));
        },
        { prefix: '/api/root' },
      ),
    ).rejects.toThrow("POST /thing/:id belongs under /api/customer, not '/api/root'");
  });

  it('writes the Fastify schema the routes declared by hand', () => {
    expect(fastifySchema(entry)).toEqual({
      tags: ['probe'],
      summary: 'A thing',
      params: entry.params,
      body: entry.body,
      response: { 200: entry.responses[200] },
    });
  });
});
