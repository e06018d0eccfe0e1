// Development and test helpers, registered only outside production: the outbox (how a developer
// or a journey reads a code when no SMTP/SMS transport is set) and creating test users.
import { EmailSchema } from '@clinicpass/shared/schemas/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const OutboxEntrySchema = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages sent without a transport, newest first (not in production)',
        response: { 200: z.array(OutboxEntrySchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.delivery.outbox();
    },
  );

  app.get('/outbox/view', { schema: { hide: true } }, async (_request, reply) => {
    const entries = await app.delivery.outbox();
    const items = entries
      .map(
        (e) =>
          `<article><h2>${escapeHtml(e.subject)}</h2><p>${escapeHtml(e.channel)} to ${escapeHtml(e.to)} · <time>${escapeHtml(e.created_at)}</time></p><pre>${escapeHtml(e.body)}</pre></article>`,
      )
      .join('\n');
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox · ClinicPass</title></head><body><main><h1>Outbox</h1>${items || '<p>No messages.</p>'}</main></body></html>`,
      );
  });

  app.post(
    '/identity/users',
    {
      schema: {
        tags: ['dev'],
        summary:
          'Create a test user: confirmed with `password`, or awaiting first-time login without (not in production)',
        body: z.object({
          email: EmailSchema,
          password: z.string().optional(),
          phone_number: z.string().optional(),
        }),
        response: { 200: z.object({ id: z.string(), email: z.string(), status: z.string() }) },
      },
    },
    async (request) => {
      const { email, password, phone_number: phoneNumber } = request.body;
      const user =
        password === undefined
          ? await app.identityService.silentSignUp({ email, phoneNumber })
          : await app.identityService.createConfirmedUser({ email, password, phoneNumber });
      return { id: user.id, email: user.email, status: user.status };
    },
  );
};
