// Stakeholders of the signed-in customer (spec platform-layer §3, §6, §7): people connected to
// the customer's business with their roles. A customer reaches only their own; another
// customer's id is answered like a missing one (404). Document numbers are validated, then
// kept as a hash and a mask; the answer carries only the mask.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import type {
  StakeholderBodySchema,
  StakeholderPatchBodySchema,
} from '@clinicpass/shared/platform/bodies';
import type { IdentityDocumentType, StakeholderRoleCode } from '@clinicpass/shared/platform/enums';
import type { Address, Stakeholder } from '@clinicpass/shared/platform/entities/reference';
import type { z } from 'zod';
import type { Db } from '../platform-common/db';
import { protectDocumentNumber } from './document-number';
import * as repo from './stakeholder.repository';

export type StakeholderBody = z.output<typeof StakeholderBodySchema>;
export type StakeholderPatch = z.output<typeof StakeholderPatchBodySchema>;

export interface Caller {
  userId: string;
  secretKey: string;
}

function toStakeholder(row: repo.StakeholderRow): Stakeholder {
  return {
    id: row.id,
    name_en: row.nameEn,
    name_zh: row.nameZh,
    roles: row.roles as StakeholderRoleCode[],
    identification_document_number: row.documentNumberMasked,
    identification_document: row.identificationDocument as IdentityDocumentType,
    address: (row.address as Address | null) ?? null,
    shares_over_threshold: row.sharesOverThreshold,
    create_date: row.createDate.toISOString(),
    update_date: row.updateDate.toISOString(),
  };
}

function duplicate(): AppError {
  return new AppError('conflict', {
    message: 'A stakeholder with this identification document already exists',
    details: { issues: [{ path: 'body.identification_document_number', message: 'exists' }] },
  });
}

/** A write that a concurrent one beat to the same document is the same 409. */
async function unlessDuplicate<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

function notFound(id: number): AppError {
  return new AppError('not_found', { message: `No stakeholder ${id}` });
}

/** Roles once each, in the spec's order of mention by the caller. */
function uniqueRoles(roles: readonly StakeholderRoleCode[]): StakeholderRoleCode[] {
  return [...new Set(roles)];
}

async function refuseDuplicate(
  db: Db,
  caller: Caller,
  document: string,
  hash: string,
  exceptId?: number,
): Promise<void> {
  if ((await repo.findByDocument(db, caller.userId, document, hash, exceptId)) !== null) {
    throw duplicate();
  }
}

export async function listStakeholders(
  db: Db,
  caller: Caller,
  window: { offset: number; limit: number },
): Promise<{ items: Stakeholder[]; total: number }> {
  const { rows, total } = await repo.list(db, caller.userId, window);
  return { items: rows.map(toStakeholder), total };
}

export async function getStakeholder(db: Db, caller: Caller, id: number): Promise<Stakeholder> {
  const row = await repo.find(db, caller.userId, id);
  if (!row) throw notFound(id);
  return toStakeholder(row);
}

export async function createStakeholder(
  db: Db,
  caller: Caller,
  body: StakeholderBody,
  now: Date,
): Promise<Stakeholder> {
  const number = protectDocumentNumber(
    caller.secretKey,
    body.identification_document,
    body.identification_document_number,
  );
  await refuseDuplicate(db, caller, body.identification_document, number.hash);
  const row = await unlessDuplicate(
    repo.insert(
      db,
      caller.userId,
      {
        nameEn: body.name_en,
        nameZh: body.name_zh === '' ? null : body.name_zh,
        roles: uniqueRoles(body.roles),
        identificationDocument: body.identification_document,
        documentNumberHash: number.hash,
        documentNumberMasked: number.masked,
        address: body.address,
        sharesOverThreshold: body.shares_over_threshold,
      },
      now,
    ),
  );
  return toStakeholder(row);
}

export async function updateStakeholder(
  db: Db,
  caller: Caller,
  id: number,
  patch: StakeholderPatch,
  now: Date,
): Promise<Stakeholder> {
  const current = await repo.find(db, caller.userId, id);
  if (!current) throw notFound(id);
  const values: Partial<repo.StakeholderValues> = {};
  if (patch.name_en !== undefined) values.nameEn = patch.name_en;
  if (patch.name_zh !== undefined) values.nameZh = patch.name_zh === '' ? null : patch.name_zh;
  if (patch.roles !== undefined) values.roles = uniqueRoles(patch.roles);
  if (patch.address !== undefined) values.address = patch.address;
  if (patch.shares_over_threshold !== undefined) {
    values.sharesOverThreshold = patch.shares_over_threshold;
  }
  if (
    patch.identification_document !== undefined &&
    patch.identification_document !== current.identificationDocument &&
    patch.identification_document_number === undefined
  ) {
    // The stored number is only a hash: it cannot be checked against another document type.
    throw validationError(
      [{ path: 'body.identification_document_number', message: 'required', key: 'required' }],
      {
        message:
          'Invalid body identification_document_number: give the number again when changing the document type',
      },
    );
  }
  if (patch.identification_document_number !== undefined) {
    const document = (patch.identification_document ??
      current.identificationDocument) as IdentityDocumentType;
    const number = protectDocumentNumber(
      caller.secretKey,
      document,
      patch.identification_document_number,
    );
    await refuseDuplicate(db, caller, document, number.hash, id);
    values.identificationDocument = document;
    values.documentNumberHash = number.hash;
    values.documentNumberMasked = number.masked;
  }
  const row = await unlessDuplicate(repo.update(db, caller.userId, id, values, now));
  if (!row) throw notFound(id);
  return toStakeholder(row);
}

export async function deleteStakeholder(db: Db, caller: Caller, id: number): Promise<void> {
  if (!(await repo.remove(db, caller.userId, id))) throw notFound(id);
}
