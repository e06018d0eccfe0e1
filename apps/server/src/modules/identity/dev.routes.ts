// Development and test helpers, registered only outside production: the outbox (how a developer
// or a journey reads a code when no SMTP/SMS transport is set) and creating test users.
import { devContract as contract } from '@clinicpass/shared/contracts/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { route } from '../../lib/contract-route';
import { requestPath } from '../../plugins/request-path';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A loopback address (IPv4 127/8, IPv6 ::1, or IPv4 127/8 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  // Codes and test users are for this machine only (issue 37, decision 255): the connection
  // and the client address it stands for (TRUST_PROXY) must both be loopback, else 404 as if
  // the routes did not exist.
  app.addHook('onRequest', (request, _reply, done) => {
    if (isLoopback(request.socket.remoteAddress) && isLoopback(request.ip)) {
      done();
      return;
    }
    done(
      new AppError('route_not_found', {
        message: `No route ${request.method} ${requestPath(request)}`,
      }),
    );
  });

  route(app, contract.outbox, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.delivery.outbox();
  });

  route(app, contract.outboxPage, async (_request, reply) => {
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

  route(app, contract.createUser, async (request) => {
    const { email, password, phone_number: phoneNumber } = request.body;
    const user =
      password === undefined
        ? await app.identityService.silentSignUp({ email, phoneNumber })
        : await app.identityService.createConfirmedUser({ email, password, phoneNumber });
    return { id: user.id, email: user.email, status: user.status };
  });
};
