// Clinic staff (issue 18): accounts of the identity service (password + SMS code at sign-in, as
// every account with a verified phone) that hold the clinic role by being bound to one or more
// venues of the network. Created by an operator command; a staff member reaches only their
// venues. A customer account has no binding and is refused by the clinic area.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import { isHkMobile, normalizeHkPhone } from '@clinicpass/shared/identity/hk-phone';
import { meetsPasswordPolicy } from '@clinicpass/shared/schemas/identity';
import type { Database } from '../../db/client';
import { generatePassword, hashPassword } from '../../lib/passwords';
import * as repo from './clinic-user.repository';

export interface AddedClinicUser {
  userId: string;
  email: string;
  venueIds: number[];
  /** True when the account was created now (false: an existing account got more venues). */
  created: boolean;
  /** The generated password when none was given (printed once by the command). */
  generatedPassword: string | null;
}

/**
 * Creates a clinic staff account (confirmed, phone verified, so sign-in asks for the SMS code)
 * bound to the venues, or binds an existing account to more venues.
 */
export async function addClinicUser(
  db: Database,
  input: { email: string; phone?: string; venueIds: readonly number[]; password?: string },
): Promise<AddedClinicUser> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw validationError([{ path: 'email', message: 'is invalid', key: 'invalid' }], {
      message: '--email must be an email address',
    });
  }
  const venueIds = [...new Set(input.venueIds)];
  if (venueIds.length === 0) {
    throw validationError([{ path: 'venue', message: 'is required', key: 'required' }], {
      message: 'at least one --venue is required',
    });
  }
  const found = await repo.existingVenueIds(db, venueIds);
  const missing = venueIds.filter((id) => !found.includes(id));
  if (missing.length > 0) {
    throw new AppError('not_found', { message: `No venue with id ${missing.join(', ')}` });
  }
  const existing = await repo.userByEmail(db, email);
  if (existing !== null) {
    await repo.bindVenues(db, existing.id, venueIds);
    return {
      userId: existing.id,
      email,
      venueIds: await repo.venueIdsOfUser(db, existing.id),
      created: false,
      generatedPassword: null,
    };
  }
  const phone = input.phone === undefined ? null : normalizeHkPhone(input.phone);
  if (phone === null || !isHkMobile(phone)) {
    throw validationError([{ path: 'phone', message: 'is invalid', key: 'invalid' }], {
      message: '--phone must be a Hong Kong mobile number (the sign-in code is sent to it)',
    });
  }
  const password = input.password ?? generatePassword(20);
  if (!meetsPasswordPolicy(password)) {
    throw validationError([{ path: 'password', message: 'is too weak', key: 'invalid' }], {
      message: '--password does not meet the password policy',
    });
  }
  const created = await db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      email,
      phoneNumber: phone,
      passwordHash: await hashPassword(password),
    });
    if (user === null) throw new AppError('conflict', { message: `${email} exists already` });
    await repo.bindVenues(tx, user.id, venueIds);
    return user;
  });
  return {
    userId: created.id,
    email,
    venueIds,
    created: true,
    generatedPassword: input.password === undefined ? password : null,
  };
}

/** Removes a staff member's venues (all when none named): the account stays a customer account. */
export async function removeClinicUser(
  db: Database,
  email: string,
  venueIds?: readonly number[],
): Promise<number> {
  const user = await repo.userByEmail(db, email.trim().toLowerCase());
  if (user === null) throw new AppError('not_found', { message: `No account ${email}` });
  return repo.unbindVenues(db, user.id, venueIds);
}

export async function listClinicUsers(db: Database) {
  return repo.listBindings(db);
}

/** The venues a signed-in account acts for; empty for a customer. */
export async function venuesOfUser(db: Database, userId: string): Promise<number[]> {
  return repo.venueIdsOfUser(db, userId);
}
