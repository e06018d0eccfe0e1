// What every request knows of its context, decorated once here:
// - `request.caller`: the signed-in customer as services take it (`{ userId }`), or null for a
//   guest; `request.requireCaller()` answers a guest 401 `unauthenticated`;
// - `request.now`: the Hong Kong date and the instant of the app's clock, read once per request;
// - its log lines carry the request id, the browser's transaction id and the session service's
//   device id (spec §7 headers), so one member's visit can be followed. They are bound when
//   Fastify makes the request's logger, so Fastify's own "incoming request" and "request
//   completed" lines carry them too (a child logger made in a hook came too late).
import { AppError } from '@clinicpass/shared/errors/app-error';
import { hkDate } from '@clinicpass/shared/time/clock';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The signed-in customer a service acts for. */
export interface Caller {
  userId: string;
}

/** What a service needs of "now": the Hong Kong date and the instant. */
export interface Now {
  today: string;
  instant: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer, or null for a guest (from `request.identity`). */
    readonly caller: Caller | null;
    /** The signed-in customer; a guest is refused with 401 `unauthenticated` (and `message`). */
    requireCaller(message?: string): Caller;
    /** "Now" for this request, from the app's clock (the same all through the request). */
    readonly now: Now;
  }
}

const ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

function headerId(value: string | string[] | undefined): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  return single !== undefined && ID_PATTERN.test(single) ? single : undefined;
}

/** W3C Trace Context `traceparent` (version 00): trace id and parent id, neither all zeros. */
const TRACEPARENT = /^00-(?!0{32})([0-9a-f]{32})-(?!0{16})([0-9a-f]{16})-[0-9a-f]{2}$/;

/** A valid `traceparent`'s trace and parent ids, or undefined (decision 263). */
export function traceOf(
  value: string | string[] | undefined,
): { traceparent: string; traceId: string; parentId: string } | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  const match = single === undefined ? null : TRACEPARENT.exec(single);
  return match === null
    ? undefined
    : { traceparent: match[0], traceId: match[1] as string, parentId: match[2] as string };
}

/**
 * A request's id (Fastify's `genReqId`, decision 263): the client's or proxy's `X-Request-Id`
 * when it is a plain token, otherwise a random UUID, unique across processes (Fastify's own was
 * a per-process counter: `req-1` in every replica).
 */
export function requestIdOf(request: IncomingMessage): string {
  return headerId(request.headers['x-request-id']) ?? randomUUID();
}

/**
 * "Now" at an instant, its Hong Kong date worked out when first read: formatting the date
 * (`Intl`) was 2 % of a finder search's server CPU, which reads only the instant. An own
 * getter, so spreading or serialising a `Now` still gives the date.
 */
export function nowOf(instant: Date): Now {
  let today: string | undefined;
  return {
    instant,
    get today() {
      today ??= hkDate(instant);
      return today;
    },
  };
}

/** Where a request keeps its "now" once read. */
const NOW = Symbol('now');
type WithNow = FastifyRequest & { [NOW]: Now | null };

export const requestContextPlugin = fp(
  (app: FastifyInstance, _options, done) => {
    // Set on the root before any route is registered: every route's requests use it.
    app.setChildLoggerFactory((logger, bindings, options, rawRequest) => {
      const transactionId = headerId(rawRequest.headers['x-transaction-id']);
      const deviceId = headerId(rawRequest.headers['x-device-id']);
      const trace = traceOf(rawRequest.headers.traceparent);
      return logger.child(
        {
          ...bindings,
          ...(transactionId === undefined ? {} : { transactionId }),
          ...(deviceId === undefined ? {} : { deviceId }),
          ...(trace === undefined ? {} : { traceId: trace.traceId, parentId: trace.parentId }),
        },
        options,
      );
    });

    // Every answer names its request, and carries on the caller's trace (decision 263).
    app.addHook('onRequest', (request, reply, next) => {
      void reply.header('x-request-id', request.id);
      const trace = traceOf(request.headers.traceparent);
      if (trace !== undefined) void reply.header('traceparent', trace.traceparent);
      next();
    });

    app.decorateRequest('caller', {
      getter(this: FastifyRequest): Caller | null {
        return this.identity === null ? null : { userId: this.identity.userId };
      },
    });
    app.decorateRequest(
      'requireCaller',
      function requireCaller(this: FastifyRequest, message?: string): Caller {
        if (this.identity === null) {
          throw new AppError('unauthenticated', message === undefined ? {} : { message });
        }
        return { userId: this.identity.userId };
      },
    );
    app.decorateRequest(NOW, null);
    app.decorateRequest('now', {
      getter(this: FastifyRequest): Now {
        const memo = this as WithNow;
        if (memo[NOW] === null) {
          memo[NOW] = nowOf(this.server.clock.now());
        }
        return memo[NOW];
      },
    });
    done();
  },
  { name: 'request-context' },
);
