// Outpatient application cases (spec platform-layer §4, §7): the product options of a case and
// its submission, `draft` → `submitted` only (decision 087). A customer reaches only their own
// cases; another customer's id is answered like a missing one (404).
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { ApplicationCaseStatus } from '@clinicpass/shared/platform/enums';
import type { ProductOption } from '@clinicpass/shared/platform/entities/product';
import type { OutpatientCase } from '@clinicpass/shared/platform/entities/results';
import { SUBMITTABLE_APPLICATION_CASE_STATUSES } from '@clinicpass/shared/platform/transitions';
import type { Db } from '../platform-common/db';
import { listOptions } from '../product/product.service';
import * as repo from './application-case.repository';

export async function requireCase(db: Db, userId: string, id: number): Promise<repo.CaseRow> {
  const found = await repo.find(db, userId, id);
  if (!found) throw new AppError('not_found', { message: `No application case ${id}` });
  return found;
}

/** The options (switches, cross-sells, supplements) from the case's product. */
export async function listCaseProductOptions(
  db: Db,
  userId: string,
  id: number,
): Promise<ProductOption[]> {
  const found = await requireCase(db, userId, id);
  return (await listOptions(db)).filter((option) => option.from_product === found.productCode);
}

/** Submits a draft case; any other status is a 409 and nothing changes. */
export async function submitCase(
  db: Db,
  userId: string,
  id: number,
  now: Date,
): Promise<OutpatientCase> {
  const [from] = SUBMITTABLE_APPLICATION_CASE_STATUSES;
  const moved = await repo.move(db, userId, id, from, 'submitted', now);
  if (moved) return { id: moved.id, status: moved.status as ApplicationCaseStatus };
  const found = await requireCase(db, userId, id);
  throw new AppError('invalid_state_transition', {
    message: `Application case ${id} is ${found.status}; only a draft can be submitted`,
    details: { status: found.status },
  });
}
