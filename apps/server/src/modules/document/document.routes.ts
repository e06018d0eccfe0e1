// The generated documents (issue 20, decision 197): PDFs of the caller's invoices, tax reports,
// renewal notices and policy schedules (owner only: a guest is 401, another customer's id 404),
// and the public document library. Start-up checks the CJK font before any route is served.
import { documentContract as contract } from '@clinicpass/shared/contracts/document';
import { type DocumentLanguage, LIBRARY_PATH } from '@clinicpass/shared/platform/documents';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { customerServicePhone } from '../reference/lists.service';
import * as service from './document.service';
import { checkDocumentFont } from './pdf';
import { allDocumentTexts } from './texts';

const SIGN_IN_MESSAGE = 'Sign in to download your documents';

/** `?language=`, else the first language of Accept-Language: Chinese → zh-hk, else en. */
function languageOf(
  request: FastifyRequest,
  asked: DocumentLanguage | undefined,
): DocumentLanguage {
  if (asked !== undefined) return asked;
  const first =
    (request.headers['accept-language'] ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh-hk' : 'en';
}

function sendPdf(
  reply: FastifyReply,
  document: service.RenderedDocument,
  cache: 'private' | 'public',
) {
  const ascii = document.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${ascii}"`)
    .header('cache-control', cache === 'private' ? 'private, no-store' : 'public, max-age=3600')
    .send(document.pdf);
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const font = app.config.documents.font;
  checkDocumentFont(font, allDocumentTexts());
  // The letterhead's contact line: the phone an operator set in the back office, read each time.
  const output = async (): Promise<service.DocumentOutput> => ({
    font,
    phone: await customerServicePhone(app.db, app.config.identity.customerServicePhone),
    website: app.config.publicUrl,
  });

  // A customer's own documents: each read through its service, which answers 404 for another
  // customer's id (the records' own ownership checks).
  const owned = [
    [contract.invoiceDocument, service.invoicePdf],
    [contract.taxReportDocument, service.taxReportPdf],
    [contract.renewalDocument, service.renewalPdf],
    [contract.policyScheduleDocument, service.policySchedulePdf],
  ] as const;
  for (const [entry, render] of owned) {
    route(app, entry, async (request, reply) => {
      const caller = request.requireCaller(SIGN_IN_MESSAGE);
      const language = languageOf(request, request.query.language);
      const document = await render(
        app.db,
        await output(),
        caller,
        request.now,
        request.params.id,
        language,
      );
      return sendPdf(reply, document, 'private');
    });
  }

  route(app, contract.libraryDocument, async (request, reply) => {
    const language = languageOf(request, request.query.language);
    const url = `${LIBRARY_PATH}/${request.params.file}`;
    const document = await service.libraryPdf(app.db, await output(), request.now, url, language);
    return sendPdf(reply, document, 'public');
  });
};
