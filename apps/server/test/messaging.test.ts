// The outbox's providers against local servers that speak their protocols (decisions 281-283):
// Twilio's REST shape on a local HTTP server, SMTP on smtp-server from npm.
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from './build-app';
import { createTestDatabase, type TestDatabase } from './db';
import { client, PASSWORD } from './identity-helpers';

async function until(check: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface TwilioCall {
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

describe('SMS through Twilio and email through SMTP', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let twilio: Server;
  let smtp: SMTPServer;
  const calls: TwilioCall[] = [];
  const mails: string[] = [];
  const logLines: string[] = [];
  let failNext = 1;

  beforeAll(async () => {
    twilio = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        calls.push({
          path: req.url ?? '',
          authorization: req.headers.authorization,
          form: new URLSearchParams(body),
        });
        res.setHeader('content-type', 'application/json');
        if (failNext > 0) {
          failNext -= 1;
          res.statusCode = 503;
          res.end(JSON.stringify({ code: 20503, message: 'Service unavailable', status: 503 }));
          return;
        }
        res.statusCode = 201;
        res.end(JSON.stringify({ sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' }));
      });
    });
    await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          mails.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    const twilioPort = (twilio.address() as AddressInfo).port;
    database = await createTestDatabase();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({
      config: testConfig({
        TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
        TWILIO_AUTH_TOKEN: 'test-auth-token-123',
        TWILIO_FROM: '+85230001234',
        TWILIO_API_BASE: `http://127.0.0.1:${twilioPort}`,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      }),
      db: database.db,
      loggerInstance: pino({ level: 'debug' }, sink),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    await new Promise((resolve) => twilio.close(resolve));
    await new Promise<void>((resolve) => {
      smtp.close(() => {
        resolve();
      });
    });
  });

  it('sends the sign-in code by Twilio after the request, retrying a refusal with backoff', async () => {
    const res = await client(app).post('/identity/sign-in', {
      email: 'owner@example.com',
      password: PASSWORD,
    });
    // The request is answered whatever the provider does: the SMS is the job's.
    expect(res.statusCode).toBe(200);
    await until(() => calls.length >= 2, 'the retried SMS');
    expect(calls).toHaveLength(2);
    const [refused, sent] = calls;
    expect(refused?.form.toString()).toBe(sent?.form.toString());
    expect(sent?.path).toBe(
      '/2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Messages.json',
    );
    expect(sent?.authorization).toBe(
      `Basic ${Buffer.from('AC0123456789abcdef0123456789abcdef:test-auth-token-123').toString('base64')}`,
    );
    expect(sent?.form.get('To')).toBe('+85291234567');
    expect(sent?.form.get('From')).toBe('+85230001234');
    const code = /\b(\d{6})\b/.exec(sent?.form.get('Body') ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await until(() => logLines.some((line) => line.includes('"message sent"')), 'the sent line');
    const log = logLines.join('');
    expect(log).toContain('message delivery failed; will retry');
    expect(log).toContain('twilio answered 503 code 20503');
    // Neither the code nor the full number is in any line.
    expect(log).not.toContain(code);
    expect(log).not.toContain('91234567');
    // Sent once: the dev outbox (unused with a provider) is empty and no third call comes.
    const rows = await database.pool.query(
      "select status, attempts from outgoing_message where channel = 'sms'",
    );
    expect(rows.rows).toEqual([{ status: 'sent', attempts: 2 }]);
  }, 60_000);

  it('emails the reset code as HTML and text in the member’s language', async () => {
    const res = await client(app).post('/identity/forgot-password', {
      email: 'plain@example.com',
      language: 'zh-HK',
    });
    expect(res.statusCode).toBe(200);
    await until(() => mails.length >= 1, 'the email');
    const mail = await simpleParser(mails[0] ?? '');
    expect(mail.subject).toBe('重設你的 ClinicPass 密碼');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('plain@example.com');
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('此電郵由 ClinicPass 自動發出');
    expect(mail.html).toContain('<html lang="zh-HK">');
    expect(mail.html).toContain('你的驗證碼');
    expect(mail.html).toContain(code);
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@clinicpass>$/);
    expect(logLines.join('')).not.toContain(code);
  }, 60_000);
});
