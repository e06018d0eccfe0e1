// Compressed answers (issue 16, decision 147). Every answer made in memory (JSON, the app's
// index.html, errors) over 1 KiB goes out as brotli at quality 4 or gzip, whichever the client
// prefers of the two (brotli on a tie): Node's default brotli quality 11 costs ~17 ms on a 23 KB
// finder page, quality 4 well under a millisecond. Static files are compressed at build time
// (apps/web/build/) and served as they are by @fastify/static's `preCompressed` (spa.ts); a
// finder answer kept in its cache is compressed once and kept with it (`sendKeptCompressed`).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Answers at most this long go out as they are (compressing them saves nothing worth it). */
export const COMPRESS_OVER_BYTES = 1024;
/** Brotli quality for answers made per request (0–11; cost grows steeply past 4). */
export const PER_REQUEST_BROTLI_QUALITY = 4;
/** Brotli quality for an answer compressed once and kept (finder answer cache). */
export const KEPT_BROTLI_QUALITY = 9;

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE =
  /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|javascript|xml))|image\/svg\+xml/i;

/**
 * The encoding to answer with: brotli or gzip, by the client's Accept-Encoding (q-values
 * honoured, `*` standing for both, `q=0` refusing), brotli on a tie; none when neither is taken.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  if (acceptEncoding === undefined) return null;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    weights.set(name.trim(), q);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

function compress(body: Buffer, encoding: Encoding, brotliQuality: number): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(body);
}

function addVary(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  if (value === '') reply.header('vary', 'accept-encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(value)) {
    reply.header('vary', `${value}, accept-encoding`);
  }
}

/**
 * Forms made from an answer kept in a cache (its compressed bytes, a GraphQL body), kept with
 * the answer and counted in the cache's budget (decision 200): `form` answers the form kept
 * under `name`, made by `make` when missing.
 */
export interface KeptForms {
  form(name: string, make: () => Buffer): Buffer;
}

/**
 * Sends `body`, an answer kept in a cache, compressed for this client: each encoding is made
 * once per kept answer, at a higher brotli quality than per-request answers, and kept with it
 * (`forms`, under `name` and the encoding).
 */
export function sendKeptCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
  forms: KeptForms,
  name = '',
) {
  if (body.length <= COMPRESS_OVER_BYTES) return reply.send(body);
  addVary(reply);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding === null) return reply.send(body);
  const encoded = forms.form(`${name}${encoding}`, () =>
    compress(body, encoding, KEPT_BROTLI_QUALITY),
  );
  reply.header('content-encoding', encoding);
  return reply.send(encoded);
}

export const compressionPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (
        (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
        reply.hasHeader('content-encoding') ||
        request.method === 'HEAD' ||
        reply.statusCode === 204 ||
        reply.statusCode === 304 ||
        !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))
      ) {
        done(null, payload);
        return;
      }
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length <= COMPRESS_OVER_BYTES) {
        done(null, payload);
        return;
      }
      addVary(reply);
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (encoding === null) {
        done(null, payload);
        return;
      }
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, compress(body, encoding, PER_REQUEST_BROTLI_QUALITY));
    });
  },
  { name: 'compression' },
);
