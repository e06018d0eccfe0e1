// Claim documents kept in an S3-compatible store (issue 40, decision 293): the app configured
// with DOCUMENT_STORAGE=s3 against s3rver (a local server speaking the S3 protocol) on loopback.
// An upload streams through the checks into the bucket (multipart past 5 MiB), nothing of it in
// PostgreSQL; it reads back byte for byte, private and no-store; a refused file leaves no object,
// also when it is refused after a first part went up; the store being down is a 503, not a 500.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Claim } from '@clinicpass/shared/platform/entities/claim';
import { addDays, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Config } from '../src/config';
import { storageOf } from '../src/modules/claims';
import { sweepOrphanDocuments } from '../src/modules/claims/claim-documents.service';
import { testConfig } from './build-app';
import { buildPolicyTestApp, OWNER, PLAIN, type PolicyTestApp } from './policy-support';

const NOW = new Date();
const TODAY = hkToday(fixedClock(NOW));
const BASE = '/api/customer';
const BUCKET = 'claim-documents';
/** s3rver's fixed credentials, given to the SDK the usual way (its environment variables). */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' } as const;

let t: PolicyTestApp;
let config: Config;
let s3rver: S3rver;
let directory: string;
let endpoint: string;
let s3: S3Client;
let policyId: number;
let lifeId: number;
const savedEnv: Record<string, string | undefined> = {};

async function one<Row>(query: ReturnType<typeof sql>): Promise<Row> {
  const result = await t.database.db.execute(query);
  return result.rows[0] as Row;
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'claims-s3-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  for (const [name, value] of Object.entries(CREDENTIALS)) {
    savedEnv[name] = process.env[name];
    process.env[name] = value;
  }
  s3 = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  config = testConfig({
    DOCUMENT_STORAGE: 's3',
    DOCUMENT_S3_BUCKET: BUCKET,
    DOCUMENT_S3_ENDPOINT: endpoint,
    DOCUMENT_S3_REGION: 'us-east-1',
  });
  t = await buildPolicyTestApp({ now: NOW, config });
  const owner = await t.userId(OWNER);
  ({ id: policyId } = await one<{ id: number }>(
    sql`SELECT id FROM policy WHERE policy_number = 'OP1000001' AND owner_user_id = ${owner}`,
  ));
  ({ id: lifeId } = await one<{ id: number }>(
    sql`SELECT id FROM policy_party WHERE policy_id = ${policyId} AND role = 'insured-life'`,
  ));
});

afterAll(async () => {
  await t.close();
  s3.destroy();
  await s3rver.close().catch(() => undefined);
  rmSync(directory, { recursive: true, force: true });
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) Reflect.deleteProperty(process.env, name);
    else process.env[name] = value;
  }
});

async function createDraft(): Promise<Claim> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/claim`,
    headers: { 'x-test-user': OWNER },
    payload: {
      type: 'reimbursement',
      policy_id: policyId,
      cause: 'illness',
      insured_life_id: lifeId,
      benefit: 'specialist',
      service_date: addDays(TODAY, -1),
      amount_claimed: 250,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Claim>();
}

function upload(claimId: number, body: Buffer, type: string, fileName: string) {
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/claim/${claimId}/document?kind=original-medical-receipt&file_name=${fileName}`,
    headers: { 'x-test-user': OWNER, 'content-type': type },
    payload: body,
  });
}

/** A one-pixel PNG with an eXIf chunk holding a location. */
function pngWithExif(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])),
    chunk('eXIf', Buffer.from('MM\u0000*GPSLatitude22.3N', 'latin1')),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0, 0, 0, 2, 0, 1])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PDF of about `megabytes` MB: a plain comment body, then `tail` before its end. */
function bigPdf(megabytes: number, tail = ''): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.4\n', 'latin1'),
    Buffer.alloc(megabytes * 1024 * 1024, 0x20),
    Buffer.from(`${tail}\n%%EOF\n`, 'latin1'),
  ]);
}

async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

async function objectBytes(key: string): Promise<Buffer> {
  const answer = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  if (answer.Body === undefined) throw new Error(`no body for ${key}`);
  return Buffer.from(await answer.Body.transformToByteArray());
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('the configuration', () => {
  it('names the bucket, endpoint and region, and refuses s3 without a bucket', () => {
    expect(
      testConfig({
        DOCUMENT_STORAGE: 's3',
        DOCUMENT_S3_BUCKET: BUCKET,
        DOCUMENT_S3_ENDPOINT: endpoint,
      }).claimDocuments,
    ).toEqual({ storage: 's3', bucket: BUCKET, endpoint, region: 'ap-east-1' });
    expect(testConfig().claimDocuments).toEqual({ storage: 'postgres' });
    expect(() => testConfig({ DOCUMENT_STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => testConfig({ DOCUMENT_STORAGE: 's3' })).toThrow(/DOCUMENT_S3_BUCKET/);
    expect(() => loadConfig({ NODE_ENV: 'test', DOCUMENT_STORAGE: 'disk' })).toThrow(
      /DOCUMENT_STORAGE/,
    );
  });
});

describe('documents in S3', () => {
  it('stores a photo in the bucket without its location, none of it in PostgreSQL, and serves it to the owner only', async () => {
    const draft = await createDraft();
    const res = await upload(draft.id, pngWithExif(), 'image/png', 'receipt.png');
    expect(res.statusCode, res.body).toBe(200);
    const { id, url } = res.json<{ id: number; url: string }>();
    const row = await one<{ storage: string; storage_key: string; sha256: string; size: number }>(
      sql`SELECT storage, storage_key, sha256, size FROM claim_document WHERE id = ${id}`,
    );
    expect(row.storage).toBe('s3');
    expect(await keysUnder(`claim/${draft.id}/`)).toEqual([row.storage_key]);
    const chunks = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM stored_object_chunk WHERE object_key = ${row.storage_key}`,
    );
    expect(chunks.n).toBe(0);
    const stored = await objectBytes(row.storage_key);
    expect(stored.includes(Buffer.from('GPSLatitude'))).toBe(false);
    expect(stored.length).toBe(row.size);
    expect(sha256(stored)).toBe(row.sha256);

    const back = await t.app.inject({ method: 'GET', url, headers: { 'x-test-user': OWNER } });
    expect(back.statusCode).toBe(200);
    expect(back.headers['cache-control']).toBe('private, no-store');
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.rawPayload.equals(stored)).toBe(true);
    const theirs = await t.app.inject({ method: 'GET', url, headers: { 'x-test-user': PLAIN } });
    expect(theirs.statusCode).toBe(404);
  });

  it('uploads a 6 MB PDF in parts and reads it back byte for byte', async () => {
    const draft = await createDraft();
    const pdf = bigPdf(6);
    const res = await upload(draft.id, pdf, 'application/pdf', 'scan.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const { url, size } = res.json<{ url: string; size: number }>();
    expect(size).toBe(pdf.length);
    const back = await t.app.inject({ method: 'GET', url, headers: { 'x-test-user': OWNER } });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-length']).toBe(String(pdf.length));
    expect(sha256(back.rawPayload)).toBe(sha256(pdf));
  });

  it('leaves no object for a refused file, also when it is refused after its first part', async () => {
    const draft = await createDraft();
    const early = await upload(
      draft.id,
      Buffer.from('%PDF-1.4\n1 0 obj<</S/JavaScript/JS(app.alert(1))>>endobj\n%%EOF', 'latin1'),
      'application/pdf',
      'script.pdf',
    );
    expect(early.statusCode).toBe(400);
    expect(early.json<{ code: string }>().code).toBe('file_has_script');
    // The script comes after 7 MB: the first 5 MiB part is in the bucket when it is found.
    const late = await upload(
      draft.id,
      bigPdf(7, '1 0 obj<</S/JavaScript/JS(app.alert(1))>>endobj'),
      'application/pdf',
      'late-script.pdf',
    );
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json<{ code: string }>().code).toBe('file_has_script');
    expect(await keysUnder(`claim/${draft.id}/`)).toEqual([]);
    // (s3rver implements neither ListMultipartUploads nor AbortMultipartUpload, so the parts
    // the SDK aborts are not seen here; the bucket's lifecycle rule is the operator's backstop.)
    const rows = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM claim_document WHERE claim_id = ${draft.id}`,
    );
    expect(rows.n).toBe(0);
  });

  it('deletes the object again when the document row is not written after the upload', async () => {
    const draft = await createDraft();
    // A fault of the database after the bytes are in the bucket: the row's insert fails.
    await t.database.db.execute(sql`
      CREATE FUNCTION refuse_document() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.file_name = 'row-fails.png' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_document BEFORE INSERT ON claim_document
        FOR EACH ROW EXECUTE FUNCTION refuse_document();
    `);
    try {
      const res = await upload(draft.id, pngWithExif(), 'image/png', 'row-fails.png');
      expect(res.statusCode).toBe(500);
      expect(await keysUnder(`claim/${draft.id}/`)).toEqual([]);
    } finally {
      await t.database.db.execute(sql`
        DROP TRIGGER refuse_document ON claim_document;
        DROP FUNCTION refuse_document();
      `);
    }
  });

  it('sweeps an object no document names once it is an hour old, keeping the documents', async () => {
    const draft = await createDraft();
    const kept = await upload(draft.id, pngWithExif(), 'image/png', 'kept.png');
    expect(kept.statusCode, kept.body).toBe(200);
    // What a process killed between the upload and the commit leaves behind.
    const orphan = `claim/${draft.id}/left-by-a-crash`;
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: orphan, Body: 'bytes' }));
    const storage = storageOf(config.claimDocuments);
    expect(await sweepOrphanDocuments(t.database.db, storage, new Date())).toBe(0);
    expect(await keysUnder(`claim/${draft.id}/`)).toHaveLength(2);
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(await sweepOrphanDocuments(t.database.db, storage, later)).toBe(1);
    const { storage_key: key } = await one<{ storage_key: string }>(
      sql`SELECT storage_key FROM claim_document WHERE claim_id = ${draft.id}`,
    );
    expect(await keysUnder(`claim/${draft.id}/`)).toEqual([key]);
  });

  // Last: it stops the store.
  it('answers 503 with its code when the store is down, for an upload and a read', async () => {
    const draft = await createDraft();
    const kept = await upload(draft.id, pngWithExif(), 'image/png', 'kept.png');
    expect(kept.statusCode, kept.body).toBe(200);
    await s3rver.close();
    const res = await upload(draft.id, pngWithExif(), 'image/png', 'receipt.png');
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json<{ code: string }>().code).toBe('service_unavailable');
    const read = await t.app.inject({
      method: 'GET',
      url: kept.json<{ url: string }>().url,
      headers: { 'x-test-user': OWNER },
    });
    expect(read.statusCode, read.body).toBe(503);
    expect(read.json<{ code: string }>().code).toBe('service_unavailable');
    const rows = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM claim_document WHERE claim_id = ${draft.id}`,
    );
    expect(rows.n).toBe(1);
  });
});
