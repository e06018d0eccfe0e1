// Error reporting against a local endpoint posing as the DSN: a real server (listening on a
// port, requests over HTTP) fails for real, and the stand-in receives the report, scrubbed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { withClientConfig } from '../src/plugins/client-config';
import { contentSecurityPolicy } from '../src/plugins/security';
import { testConfig } from './build-app';
import { createTestDatabase, type TestDatabase } from './db';
import { startDsnStandIn, type DsnStandIn } from './dsn-stand-in';

const PERSONAL = ['A123456', 'owner@example.com', '91234567', '654321', 'ClinicPass2026'];

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
const failingRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/customer/probe/crash', () => {
    // An unexpected failure whose message carries what a careless log line would.
    throw new Error(
      'member A123456(3) owner@example.com phone 91234567 code 654321 password ClinicPass2026',
    );
  });
  app.get('/api/customer/probe/rejected', () => {
    throw new AppError('validation_error', { message: 'Invalid body phone: 91234567' });
  });
};

let standIn: DsnStandIn;
let database: TestDatabase;
let app: FastifyInstance;
let baseUrl: string;
let webDist: string;

beforeAll(async () => {
  standIn = await startDsnStandIn();
  database = await createTestDatabase({ seeded: false });
  webDist = await mkdtemp(path.join(tmpdir(), 'clinicpass-web-'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  app = await buildApp({
    config: testConfig({ SENTRY_DSN: standIn.dsn, WEB_DIST_DIR: webDist }),
    db: database.db,
  });
  await app.register(failingRoutes);
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await app.close();
  await database.drop();
  await standIn.close();
  await rm(webDist, { recursive: true, force: true });
});

async function flush() {
  const sentry = await import('@sentry/node');
  await sentry.flush(5000);
}

/**
 * A GET over a bare socket: the test process runs the SDK too, and its instrumented fetch would
 * send a trace header whose decision the server then inherits. A browser's first request has none.
 */
function rawGet(url: string): Promise<number> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    socket.on('end', () => {
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0));
    });
    socket.on('error', reject);
  });
}

interface StreamedSpan {
  is_segment?: boolean;
  attributes?: Record<string, { value: unknown }>;
}

/** Root spans (transactions) of requests to `path` that reached the stand-in. */
function tracedRequests(path: string): number {
  return standIn
    .ofType('span')
    .flatMap((item) => (item.payload as { items: StreamedSpan[] }).items)
    .filter((span) => span.is_segment === true && span.attributes?.['url.path']?.value === path)
    .length;
}

describe('error reporting to the configured DSN', () => {
  it('reports an unexpected server error with its code, scrubbed of personal data', async () => {
    const before = standIn.ofType('event').length;
    const res = await fetch(`${baseUrl}/api/customer/probe/crash`);
    expect(res.status).toBe(500);
    await flush();
    const events = (await standIn.waitFor('event')).slice(before);
    expect(events).toHaveLength(1);
    const event = events[0]!.payload as {
      tags: Record<string, string>;
      exception: { values: { value: string }[] };
    };
    expect(event.tags).toMatchObject({
      error_class: 'unexpected_error',
      error_code: 'internal_error',
      route: '/api/customer/probe/crash',
    });
    expect(event.exception.values[0]!.value).toBe(
      'member [hkid] [email] phone [phone] code [code] password [redacted]',
    );
    for (const body of standIn.bodies) {
      for (const secret of PERSONAL) expect(body).not.toContain(secret);
    }
    // Nor the client's address, which the SDK attaches to request spans.
    await flush();
    for (const body of standIn.bodies)
      expect(body).not.toContain('"user.ip_address":{"value":"127');
  });

  it('does not report a 4xx answer', async () => {
    await flush();
    const before = standIn.ofType('event').length;
    const res = await fetch(`${baseUrl}/api/customer/probe/rejected`);
    expect(res.status).toBe(400);
    await flush();
    expect(standIn.ofType('event').length).toBe(before);
  });

  it('traces a request when the random draw is under 10%, and not at 0.5', async () => {
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValue(0.05);
    expect(await rawGet(`${baseUrl}/healthz`)).toBe(200);
    await flush();
    await expect.poll(() => tracedRequests('/healthz'), { timeout: 5000 }).toBe(1);

    random.mockReturnValue(0.5);
    expect(await rawGet(`${baseUrl}/healthz`)).toBe(200);
    expect(await rawGet(`${baseUrl}/healthz`)).toBe(200);
    await flush();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tracedRequests('/healthz')).toBe(1);
    random.mockRestore();
  });

  it('gives the web the DSN in index.html and admits only its origin in the CSP', async () => {
    const res = await fetch(`${baseUrl}/en`, { headers: { accept: 'text/html' } });
    const html = await res.text();
    expect(html).toContain(`<meta name="clinicpass:sentry-dsn" content="${standIn.dsn}">`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`connect-src 'self' ${standIn.origin};`);
    expect(csp).toContain("script-src 'self';");
    expect(csp.split(standIn.origin)).toHaveLength(2);
  });
});

describe('without a DSN or a widget', () => {
  it('the CSP admits no other origin and the page carries no configuration', () => {
    const config = testConfig();
    const csp = JSON.stringify(contentSecurityPolicy(config));
    expect(csp).not.toMatch(/https?:\/\//);
    const html = '<html><head></head><body></body></html>';
    expect(withClientConfig(html, config)).toBe(html);
  });

  it('with a widget, the CSP admits the widget script origin, not its path', () => {
    const config = testConfig({
      HELP_WIDGET_SCRIPT_URL: 'https://widget.example/snippet.js',
      HELP_WIDGET_KEY: 'k"<1',
    });
    const policy = contentSecurityPolicy(config);
    expect(policy.scriptSrc).toEqual(["'self'", 'https://widget.example']);
    expect(policy.connectSrc).toEqual(["'self'", 'https://widget.example']);
    expect(withClientConfig('<head></head>', config)).toBe(
      '<head><meta name="clinicpass:help-widget-script-url" content="https://widget.example/snippet.js"><meta name="clinicpass:help-widget-key" content="k&quot;&lt;1"><meta name="clinicpass:customer-service-phone" content="+852 2000 0000"></head>',
    );
  });

  it('refuses a widget script without its key', () => {
    expect(() => testConfig({ HELP_WIDGET_SCRIPT_URL: 'https://widget.example/s.js' })).toThrow(
      /HELP_WIDGET_KEY/,
    );
  });
});
