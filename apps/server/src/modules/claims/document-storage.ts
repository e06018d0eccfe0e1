// Where claim documents' bytes are kept (decision 293), behind one interface: PostgreSQL by
// default (chunks of at most CHUNK_BYTES in `stored_object_chunk`, written as they arrive and
// read back one chunk at a time, never the whole file in memory), or any S3-compatible store
// (`DOCUMENT_STORAGE=s3` with DOCUMENT_S3_BUCKET, DOCUMENT_S3_ENDPOINT, DOCUMENT_S3_REGION and
// the SDK's usual credentials) through the official SDK, the upload multipart and streamed.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { Upload } from '@aws-sdk/lib-storage';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { storedObjectChunk } from '../../db/claim-schema';
import type { Config } from '../../config';
import type { Database } from '../../db/client';

/** The largest piece of a document one row holds. */
export const CHUNK_BYTES = 256 * 1024;

export interface DocumentStorage {
  /** `postgres` or `s3`: recorded with each document, so a store can change later. */
  readonly kind: 'postgres' | 's3';
  /** Writes `body` under `key` as it streams (in `db`'s transaction for PostgreSQL). */
  put(db: Database, key: string, body: Readable): Promise<void>;
  /** The bytes under `key`, streamed. */
  get(db: Database, key: string): Promise<Readable>;
  delete(db: Database, key: string): Promise<void>;
  /** The keys under `prefix` written before `before`, in pages. */
  keys(db: Database, prefix: string, before: Date): AsyncIterable<string[]> | Iterable<string[]>;
}

/** PostgreSQL: the bytes in chunk rows, in the caller's transaction (so a refused upload leaves none). */
export const postgresStorage: DocumentStorage = {
  kind: 'postgres',
  async put(db, key, body) {
    let sequence = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const data = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      for (let at = 0; at < data.length; at += CHUNK_BYTES) {
        await db
          .insert(storedObjectChunk)
          .values({ objectKey: key, sequence, data: data.subarray(at, at + CHUNK_BYTES) });
        sequence += 1;
      }
    };
    await pipeline(
      body,
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes < CHUNK_BYTES) {
            callback();
            return;
          }
          flush().then(() => {
            callback();
          }, callback);
        },
        final(callback) {
          flush().then(() => {
            callback();
          }, callback);
        },
      }),
    );
  },
  async get(db, key) {
    let next = 0;
    const [first] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(storedObjectChunk)
      .where(eq(storedObjectChunk.objectKey, key));
    const chunks = first?.n ?? 0;
    return Readable.from(
      (async function* () {
        while (next < chunks) {
          const rows = await db
            .select({ data: storedObjectChunk.data })
            .from(storedObjectChunk)
            .where(and(eq(storedObjectChunk.objectKey, key), gte(storedObjectChunk.sequence, next)))
            .orderBy(asc(storedObjectChunk.sequence))
            .limit(1);
          const row = rows[0];
          if (row === undefined) return;
          next += 1;
          yield row.data;
        }
      })(),
    );
  },
  async delete(db, key) {
    await db.delete(storedObjectChunk).where(eq(storedObjectChunk.objectKey, key));
  },
  // The chunks are written in the document's transaction, so none outlives a failed upload.
  keys: () => [],
};

export interface S3StorageOptions {
  bucket: string;
  client: S3ClientConfig;
}

/**
 * The store not answering (refused, timed out, or a 5xx of its own) is a 503 the owner may
 * retry; what the file checks refused stays their answer; any other answer of the store (a
 * missing bucket, a refused key) is the operator's to fix and stays a failure of the server.
 */
function storeFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode ?? 500) < 500) {
    return error;
  }
  return new AppError('service_unavailable', {
    message: 'The document store cannot be reached; please try again in a moment',
    cause: error,
  });
}

/** An S3-compatible store (AWS S3, MinIO, Ceph…) through @aws-sdk/client-s3. */
export function s3Storage(options: S3StorageOptions): DocumentStorage {
  const client = new S3Client(options.client);
  return {
    kind: 's3',
    async put(_db, key, body) {
      // A multipart upload of 5 MiB parts: the file is never held whole.
      try {
        await new Upload({
          client,
          params: { Bucket: options.bucket, Key: key, Body: body },
          partSize: 5 * 1024 * 1024,
          queueSize: 1,
        }).done();
      } catch (error) {
        throw storeFailure(error);
      }
    },
    async get(_db, key) {
      const answer = await client
        .send(new GetObjectCommand({ Bucket: options.bucket, Key: key }))
        .catch((error: unknown) => {
          throw storeFailure(error);
        });
      if (!(answer.Body instanceof Readable)) throw new Error(`no body for ${key}`);
      return answer.Body;
    },
    async delete(_db, key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    async *keys(_db, prefix, before) {
      let token: string | undefined;
      do {
        const page = await client
          .send(
            new ListObjectsV2Command({
              Bucket: options.bucket,
              Prefix: prefix,
              ContinuationToken: token,
            }),
          )
          .catch((error: unknown) => {
            throw storeFailure(error);
          });
        yield (page.Contents ?? [])
          .filter((object) => object.LastModified !== undefined && object.LastModified < before)
          .map((object) => object.Key ?? '')
          .filter((key) => key !== '');
        token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
    },
  };
}

/** The store the configuration names (decision 293). */
export function storageOf(config: Config['claimDocuments']): DocumentStorage {
  if (config.storage === 'postgres') return postgresStorage;
  return s3Storage({
    bucket: config.bucket,
    client: {
      region: config.region,
      ...(config.endpoint === null ? {} : { endpoint: config.endpoint, forcePathStyle: true }),
    },
  });
}
