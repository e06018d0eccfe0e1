// One error handler for the whole API: every failure leaves as `{ code, message, details? }`
// with the status of its code; internals are hidden on 5xx and logged instead.
import { AppError, type ErrorBody } from '@clinicpass/shared/errors/app-error';
import { type ValidationIssue, validationError } from '@clinicpass/shared/errors/validation-error';
import { errorMessage } from '@clinicpass/shared/errors/messages';
import { pickLanguage } from '@clinicpass/shared/i18n/languages';
import { decodeValidationMessage, describeIssue } from '@clinicpass/shared/validation/issues';
import { formatValidationMessage } from '@clinicpass/shared/validation/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** Areas answered with JSON; anything else may fall back to the SPA. */
export const API_PREFIXES = ['/api/', '/identity/', '/session/', '/dev/'] as const;

/** Whether a (normalised: see request-path.ts) address is in an API area, in any case. */
export function isApiPath(url: string): boolean {
  const pathname = (url.split('?')[0] ?? url).toLowerCase();
  return API_PREFIXES.some(
    (prefix) => pathname === prefix.slice(0, -1) || pathname.startsWith(prefix),
  );
}

/**
 * What Node's HTTP parser refuses before there is a request (Fastify's `clientErrorHandler`):
 * an address or headers beyond its 16 KiB answer 431 `headers_too_large`, anything else
 * malformed 400 `bad_request`, in the API's `{ code, message }` form (English: the request's
 * language was not read). The connection is closed after it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A connection the client has dropped gets no answer (as Fastify's own handler does).
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const code = error.code === 'HPE_HEADER_OVERFLOW' ? 'headers_too_large' : 'bad_request';
  const status = code === 'headers_too_large' ? 431 : 400;
  const body = JSON.stringify({ code, message: errorMessage(code, 'en') });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function requestLanguage(request: FastifyRequest) {
  const header = request.headers['accept-language'] ?? '';
  return pickLanguage(header.split(',').map((part) => part.split(';')[0] ?? ''));
}

const FASTIFY_CODES: Record<string, () => AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () =>
    new AppError('invalid_json', { message: 'The request body is not valid JSON' }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    new AppError('invalid_json', {
      message: "The request body is empty but the content type is 'application/json'",
    }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new AppError('unsupported_media_type', {
      message: 'Send the request body as application/json',
    }),
  FST_ERR_CTP_BODY_TOO_LARGE: () =>
    new AppError('payload_too_large', { message: 'The request body is too large' }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new AppError('bad_request', { message: 'The Content-Length header does not match the body' }),
};

/** Socket and PostgreSQL codes of a database that does not answer (down or restarting). */
const DATABASE_GONE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const DATABASE_GONE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed)/;

/** A lost or refused database connection, possibly wrapped (drizzle keeps it as `cause`). */
function isDatabaseGone(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && DATABASE_GONE_CODES.has(code)) return true;
    if (DATABASE_GONE_MESSAGE.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** Maps anything thrown in a route to an AppError. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part = error.validationContext ?? 'request';
    const issues: ValidationIssue[] = error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const { key, values } = describeIssue({
        ...issue.params,
        code: issue.keyword,
        message: issue.message,
      });
      // A shared rule carries its catalogue key in the message: said in words, not as the key.
      const encoded = decodeValidationMessage(issue.message);
      return {
        path: field === '' ? part : `${part}.${field}`,
        message:
          encoded === null
            ? (issue.message ?? 'is invalid')
            : formatValidationMessage('en', encoded.key, encoded.values),
        key,
        ...(values === undefined ? {} : { values }),
      };
    });
    const first = issues[0];
    return validationError(issues, {
      message:
        first === undefined
          ? `Invalid ${part}`
          : `Invalid ${part === 'querystring' ? 'query parameter' : part} ${first.path.replace(/^[a-z]+\./, '')}: ${first.message}`,
    });
  }
  const fastifyError = error as Partial<FastifyError> & { name?: string };
  if (fastifyError.name === 'SyntaxError' && fastifyError.statusCode === 400) {
    return new AppError('invalid_json', { message: 'The request body is not valid JSON' });
  }
  const mapped = fastifyError.code === undefined ? undefined : FASTIFY_CODES[fastifyError.code];
  if (mapped) return mapped();
  if (fastifyError.statusCode === 429) return new AppError('limit_exceeded');
  if (fastifyError.statusCode === 404) return new AppError('not_found');
  if (fastifyError.statusCode === 405) return new AppError('method_not_allowed');
  if (
    typeof fastifyError.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    return new AppError('bad_request', { message: fastifyError.message ?? 'Bad request' });
  }
  // The database down or restarting (decision 145): try again shortly, not a fault of ours.
  if (isDatabaseGone(error)) {
    return new AppError('service_unavailable', {
      message: 'The database does not answer; try again shortly',
      cause: error,
    });
  }
  return new AppError('internal_error', { cause: error });
}

/** Seconds a 429 asks a client to wait when the limit does not say (decision 251). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

export function sendError(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  const body: ErrorBody = error.toBody(requestLanguage(request));
  // Every refusal by a limit says when to come back (issue 37).
  if (error.status === 429 && !reply.hasHeader('retry-after')) {
    void reply.header(
      'retry-after',
      String(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS),
    );
  }
  return reply.status(error.status).type('application/json; charset=utf-8').send(body);
}

export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const appError = toAppError(error);
      if (appError.status >= 500) {
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info({ code: appError.code }, 'request rejected');
      }
      return sendError(reply, request, appError);
    });
  },
  { name: 'errors' },
);
