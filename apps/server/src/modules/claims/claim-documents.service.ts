// The documents of a claim (decision 293): an upload streams through the content checks of
// file-check.ts into the configured storage, in a transaction of its own; a document is served
// only to the owner of its claim (another owner's id is not found). Documents may be added while
// the claim is a draft or the insurer asked for an update.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { ClaimDocument } from '@clinicpass/shared/platform/entities/claim';
import type { ClaimDocumentKind } from '@clinicpass/shared/platform/enums';
import { documentPaths } from '@clinicpass/shared/platform/documents';
import type { Database } from '../../db/client';
import * as repo from './claims.repository';
import type { Caller, Now } from './claims.service';
import type { DocumentStorage } from './document-storage';
import { checkedUpload, MAX_DOCUMENT_BYTES } from './file-check';

/** The statuses in which the owner may add a document. */
export const DOCUMENT_STATUSES: readonly string[] = ['open', 'update-requested'];

/** Where the documents' bytes are kept in a store, one folder per claim. */
export const DOCUMENT_KEY_PREFIX = 'claim/';

/** Runs a document's work in a transaction (under the request's Idempotency-Key, if any). */
export type InTransaction = <Result>(work: (tx: Database) => Promise<Result>) => Promise<Result>;

/**
 * Adds a document to the caller's claim, in a transaction of its own (`inTransaction`, by
 * default a plain one). A store outside
 * PostgreSQL (S3) is not part of that transaction: when anything fails after the bytes went up
 * (the row, the commit), the object is deleted again; what a crash leaves between the two is
 * swept by `sweepOrphanDocuments` (decision 329).
 */
export async function uploadDocument(
  db: Database,
  storage: DocumentStorage,
  caller: Caller,
  now: Now,
  claimId: number,
  file: { kind: ClaimDocumentKind; fileName: string; body: Readable },
  options: { maxBytes?: number; inTransaction?: InTransaction } = {},
): Promise<ClaimDocument> {
  const maxBytes = options.maxBytes ?? MAX_DOCUMENT_BYTES;
  const inTransaction: InTransaction =
    options.inTransaction ?? ((work) => db.transaction((tx) => work(tx)));
  const key = `${DOCUMENT_KEY_PREFIX}${claimId}/${randomUUID()}`;
  try {
    return await inTransaction((tx) =>
      addDocument(tx, storage, caller, now, claimId, key, file, maxBytes),
    );
  } catch (error) {
    if (storage.kind !== 'postgres') {
      await storage.delete(db, key).catch(() => undefined);
    }
    throw error;
  }
}

async function addDocument(
  db: Database,
  storage: DocumentStorage,
  caller: Caller,
  now: Now,
  claimId: number,
  key: string,
  file: { kind: ClaimDocumentKind; fileName: string; body: Readable },
  maxBytes: number,
): Promise<ClaimDocument> {
  const row = await repo.lockClaim(db, claimId, caller.userId);
  if (row === null || row.type === 'panel') {
    throw new AppError('not_found', { message: `No claim ${claimId}` });
  }
  if (!DOCUMENT_STATUSES.includes(row.status)) {
    throw new AppError('invalid_state_transition', {
      message: `Documents cannot be added to a claim while it is ${row.status}`,
      details: { action: 'update', status: row.status },
    });
  }
  const checked = checkedUpload(maxBytes);
  file.body.on('error', (error) => checked.destroy(error));
  await storage.put(db, key, file.body.pipe(checked));
  const type = checked.contentType();
  if (type === null) throw new Error('a checked upload has a type');
  const doc = await repo.insertDocument(db, {
    claimId,
    kind: file.kind,
    fileName: file.fileName,
    contentType: type,
    size: checked.size(),
    sha256: checked.sha256(),
    storage: storage.kind,
    storageKey: key,
    uploadedByKind: 'customer',
    createDate: now.instant,
  });
  return {
    id: doc.id,
    kind: file.kind,
    file_name: doc.fileName,
    content_type: doc.contentType,
    size: doc.size,
    url: documentPaths.claimDocument(doc.id),
    create_date: doc.createDate.toISOString(),
  };
}

/** A document of the caller's claim with its bytes, streamed. */
export async function openDocument(
  db: Database,
  storage: DocumentStorage,
  caller: Caller,
  id: number,
): Promise<{ document: repo.ClaimDocumentRow; body: Readable }> {
  const document = await repo.findOwnedDocument(db, id, caller.userId);
  if (document === null) throw new AppError('not_found', { message: `No document ${id}` });
  if (document.storage !== storage.kind) {
    throw new Error(
      `document ${id} is kept in ${document.storage}, the server reads ${storage.kind}`,
    );
  }
  return { document, body: await storage.get(db, document.storageKey) };
}

/** How old an object with no document row must be before it is swept: longer than any upload. */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes the stored objects no document row names, written more than an hour before `now`: a
 * process that died between the bytes going up and the row's commit leaves one (decision 329).
 */
export async function sweepOrphanDocuments(
  db: Database,
  storage: DocumentStorage,
  now: Date,
): Promise<number> {
  let deleted = 0;
  const before = new Date(now.getTime() - ORPHAN_AGE_MS);
  for await (const keys of storage.keys(db, DOCUMENT_KEY_PREFIX, before)) {
    const kept = await repo.storedKeys(db, keys);
    for (const key of keys) {
      if (kept.has(key)) continue;
      await storage.delete(db, key);
      deleted += 1;
    }
  }
  return deleted;
}
