// The claims of the signed-in customer (issue 40): the owner's actions and the documents. A
// document upload is the file itself as the request body (its content type one of the accepted
// ones); it streams through the checks into storage, never parsed or buffered by Fastify.
import type { Readable } from 'node:stream';
import { claimContract as contract } from '@clinicpass/shared/contracts/claim';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { idempotencyKeyOf, idempotentUnder, idempotentWrite } from '../platform-common/idempotency';
import { pageReply, pageWindow } from '../platform-common/pagination';
import * as documents from './claim-documents.service';
import * as service from './claims.service';
import { requestLanguage } from '../../plugins/errors';
import type { ClaimMessenger } from './claim-messages';
import type { DocumentStorage } from './document-storage';
import { MAX_DOCUMENT_BYTES, tooLarge } from './file-check';

const SIGN_IN_MESSAGE = 'Sign in to see and file your claims';

/** The content types an upload may be sent as (the content itself is what is checked). */
const UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/heic',
  'application/pdf',
  'application/octet-stream',
];

export interface ClaimRoutesOptions {
  storage: DocumentStorage;
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const claimRoutes: FastifyPluginAsyncZod<ClaimRoutesOptions> = async (app, options) => {
  const { storage } = options;
  // The owner is told of their claim through the outbox (decision 294).
  const messenger: ClaimMessenger = { sender: app.delivery, publicUrl: app.config.publicUrl };
  const uploads = new WeakMap<FastifyRequest, Readable>();
  // The body of an upload is kept as its stream for the handler; Fastify does not read it.
  app.addContentTypeParser(UPLOAD_TYPES, (request, payload, done) => {
    uploads.set(request, payload);
    done(null, undefined);
  });

  route(app, contract.listClaims, async (request, reply) => {
    const q = request.query;
    const { items, total } = await service.listClaims(
      app.db,
      request.requireCaller(SIGN_IN_MESSAGE),
      q,
      pageWindow(q),
    );
    return pageReply(reply, q, items, total);
  });

  route(app, contract.createClaim, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.createClaim(tx, caller, now, request.body, requestLanguage(request)),
    ),
  );

  route(app, contract.getClaim, async (request) =>
    service.getClaim(app.db, request.requireCaller(SIGN_IN_MESSAGE), request.params.id),
  );

  route(app, contract.updateClaim, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.updateClaim(tx, caller, now, request.params.id, request.body),
    ),
  );

  route(app, contract.submitClaim, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.submitClaim(tx, caller, now, request.params.id, {
        messenger,
        language: requestLanguage(request),
      }),
    ),
  );

  route(app, contract.cancelClaim, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.cancelClaim(tx, caller, now, request.params.id, request.body.note),
    ),
  );

  route(app, contract.withdrawClaim, async (request) =>
    idempotentWrite(request, (tx, { caller, now }) =>
      service.withdrawClaim(tx, caller, now, request.params.id, request.body.note),
    ),
  );

  route(
    app,
    contract.uploadClaimDocument,
    async (request) => {
      const caller = request.requireCaller(SIGN_IN_MESSAGE);
      const body = uploads.get(request);
      if (body === undefined) {
        throw new AppError('unsupported_media_type', {
          message: `Send the file itself as the body, as one of ${UPLOAD_TYPES.join(', ')}`,
        });
      }
      // A body declared larger than a document may be is refused before any of it is read.
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > MAX_DOCUMENT_BYTES) {
        throw tooLarge(MAX_DOCUMENT_BYTES);
      }
      const key = idempotencyKeyOf(request);
      return documents.uploadDocument(
        app.db,
        storage,
        caller,
        request.now,
        request.params.id,
        { kind: request.query.kind, fileName: request.query.file_name, body },
        {
          inTransaction: (work) =>
            idempotentUnder(app.db, request, caller.userId, key, request.now.instant, work, {
              query: request.query,
              length: request.headers['content-length'] ?? null,
            }),
        },
      );
    },
    {
      // Another owner's claim answers 404 before its query and body are looked at, as an unknown one.
      onRequest: async (request: FastifyRequest) => {
        const caller = request.requireCaller(SIGN_IN_MESSAGE);
        const id = Number((request.params as { id?: string }).id);
        if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return;
        if (!(await service.ownsClaim(app.db, caller, id))) {
          throw new AppError('not_found', { message: `No claim ${id}` });
        }
      },
    },
  );

  route(app, contract.getClaimDocument, async (request, reply) => {
    const caller = request.requireCaller(SIGN_IN_MESSAGE);
    const { document, body } = await documents.openDocument(
      app.db,
      storage,
      caller,
      request.params.id,
    );
    const ascii = document.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
    return reply
      .type(document.contentType)
      .header('content-length', String(document.size))
      .header('content-disposition', `inline; filename="${ascii}"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  });
};
