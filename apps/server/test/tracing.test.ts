// OpenTelemetry traces (decision 296), against a local OTLP/HTTP receiver speaking the
// collector's JSON shape (POST /v1/traces): off without OTEL_EXPORTER_OTLP_ENDPOINT; with it,
// each request is a span with its route template and its path without the query, as a child of the
// caller's `traceparent`, health checks left out, queued spans sent when the app closes.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from './build-app';

interface OtlpSpan {
  traceId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string } }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const exports: { path: string; contentType: string | undefined; body: OtlpExport }[] = [];
let receiver: Server;
let t: TestApp;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      exports.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        body: JSON.parse(text) as OtlpExport,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const { port } = receiver.address() as AddressInfo;
  t = await buildTestApp({
    seeded: false,
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${String(port)}`,
      OTEL_SERVICE_NAME: 'clinicpass-test',
    },
  });
});
afterAll(() => {
  receiver.close();
});

const attribute = (span: OtlpSpan, key: string) =>
  span.attributes.find((one) => one.key === key)?.value.stringValue;

describe('OpenTelemetry traces', () => {
  it('are off unless a collector is configured, and refuse a malformed address', () => {
    expect(testConfig().tracing).toBeNull();
    expect(() => testConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
  });

  it('send a span per request with its route, child of the caller’s traceparent', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parent = '00f067aa0ba902b7';
    const answer = await t.app.inject({
      url: '/api/customer/announcement?tag=guest',
      headers: { traceparent: `00-${traceId}-${parent}-01` },
    });
    expect(answer.statusCode).toBe(200);
    await t.app.inject({ url: '/healthz' });
    await t.app.inject({ url: '/api/customer/product/999999' });
    await t.close(); // flushes the spans still queued
    expect(exports.length).toBeGreaterThan(0);
    expect(exports.every((one) => one.path === '/v1/traces')).toBe(true);
    expect(exports[0]?.contentType).toMatch(/^application\/json/);
    const resource = exports[0]?.body.resourceSpans[0]?.resource.attributes ?? [];
    expect(resource).toContainEqual({
      key: 'service.name',
      value: { stringValue: 'clinicpass-test' },
    });
    const spans = exports.flatMap((one) =>
      one.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
    );
    const requests = spans.filter((span) => span.name === 'request');
    const announcement = requests.find(
      (span) => attribute(span, 'http.route') === '/api/customer/announcement',
    );
    expect(announcement?.traceId).toBe(traceId);
    expect(announcement?.parentSpanId).toBe(parent);
    const product = requests.find((span) => attribute(span, 'url.path')?.includes('999999'));
    expect(attribute(product as OtlpSpan, 'http.route')).toBe('/api/customer/product/:id');
    expect(product?.traceId).not.toBe(traceId);
    expect(requests.some((span) => attribute(span, 'url.path') === '/healthz')).toBe(false);
    expect(attribute(announcement as OtlpSpan, 'url.path')).toBe('/api/customer/announcement');
    expect(JSON.stringify(spans)).not.toContain('tag=guest');
  });
});
