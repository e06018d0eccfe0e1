// Every log line of a request carries its request id, the browser's transaction id and the
// session service's device id (spec §7 headers), so one member's visit can be followed.
// They are bound when Fastify makes the request's logger, so Fastify's own "incoming request"
// and "request completed" lines carry them too (a child logger made in a hook came too late).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

function headerId(value: string | string[] | undefined): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  return single !== undefined && ID_PATTERN.test(single) ? single : undefined;
}

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
    done();
  },
  { name: 'request-context' },
);
