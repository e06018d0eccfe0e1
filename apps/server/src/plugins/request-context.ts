// Every log line of a request carries its request id, the browser's transaction id and the
// session service's device id (spec §7 headers), so one member's visit can be followed.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

function headerId(value: string | string[] | undefined): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  return single !== undefined && ID_PATTERN.test(single) ? single : undefined;
}

export const requestContextPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const transactionId = headerId(request.headers['x-transaction-id']);
      const deviceId = headerId(request.headers['x-device-id']);
      if (transactionId !== undefined || deviceId !== undefined) {
        request.log = request.log.child({ transactionId, deviceId });
      }
      done();
    });
  },
  { name: 'request-context' },
);
