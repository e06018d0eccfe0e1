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
      return logger.child(
        {
          ...bindings,
          ...(transactionId === undefined ? {} : { transactionId }),
          ...(deviceId === undefined ? {} : { deviceId }),
        },
        options,
      );
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
