// A local HTTP endpoint posing as a Sentry-compatible DSN: it accepts envelopes (gzip or plain),
// answers like the real ingest (200, CORS open, so a browser on another origin can post), and
// keeps every item for the test to read.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface EnvelopeItem {
  /** `event`, `transaction`, `span`, `session`, `sessions`, `replay_event`, `replay_recording` … */
  type: string;
  header: Record<string, unknown>;
  /** The parsed JSON payload, or the raw text when it is not JSON (replay recordings). */
  payload: unknown;
  raw: string;
}

export interface DsnStandIn {
  /** The DSN to configure: `http://public@127.0.0.1:<port>/1`. */
  dsn: string;
  origin: string;
  items: EnvelopeItem[];
  /** Every byte received, decompressed, for "nothing personal left" checks. */
  bodies: string[];
  ofType(type: string): EnvelopeItem[];
  /** Waits until an item of the type has arrived (or fails after `timeoutMs`). */
  waitFor(type: string, timeoutMs?: number): Promise<EnvelopeItem[]>;
  close(): Promise<void>;
}

function parseEnvelope(body: Buffer): EnvelopeItem[] {
  const items: EnvelopeItem[] = [];
  const lineEnd = (from: number) => {
    const at = body.indexOf(0x0a, from);
    return at === -1 ? body.length : at;
  };
  // The first line is the envelope header; then pairs of item header and payload, the payload
  // either `length` bytes long or running to the end of its line.
  let offset = lineEnd(0) + 1;
  while (offset < body.length) {
    const headerEnd = lineEnd(offset);
    const headerLine = body.subarray(offset, headerEnd).toString();
    offset = headerEnd + 1;
    if (headerLine.trim() === '') continue;
    const header = JSON.parse(headerLine) as Record<string, unknown>;
    const payloadEnd = typeof header.length === 'number' ? offset + header.length : lineEnd(offset);
    const raw = body.subarray(offset, payloadEnd).toString();
    offset = payloadEnd + 1;
    let payload: unknown = raw;
    try {
      payload = JSON.parse(raw);
    } catch {
      // replay recordings are a JSON line followed by the events: keep the text
    }
    items.push({ type: String(header.type), header, payload, raw });
  }
  return items;
}

export async function startDsnStandIn(): Promise<DsnStandIn> {
  const items: EnvelopeItem[] = [];
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', '*');
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end();
        return;
      }
      let buffer = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip' || buffer[0] === 0x1f) {
        try {
          buffer = gunzipSync(buffer);
        } catch {
          // not gzip after all
        }
      }
      const body = buffer.toString();
      bodies.push(body);
      try {
        items.push(...parseEnvelope(buffer));
      } catch {
        // keep the raw body only
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const ofType = (type: string) => items.filter((item) => item.type === type);
  return {
    dsn: `http://public@127.0.0.1:${port}/1`,
    origin,
    items,
    bodies,
    ofType,
    async waitFor(type, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = ofType(type);
        if (found.length > 0) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(
        `No ${type} reached the DSN stand-in in ${timeoutMs} ms (got: ${items.map((i) => i.type).join(', ') || 'nothing'})`,
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
