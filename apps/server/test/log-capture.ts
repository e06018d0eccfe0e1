// Every log line an app writes, kept for a test to search (that no secret or personal field is
// logged): the app's own logger options at the most verbose level, into `lines`.
import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { loggerOptions } from '../src/app';
import type { Config } from '../src/config';

export function captureLogs(config: Config): {
  lines: string[];
  logger: FastifyServerOptions['logger'];
} {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { lines, logger: { ...(loggerOptions(config) as object), level: 'trace', stream } };
}
