// The staff member the operator commands of a test run as (`--as`, decision 297): each command
// that changes data names an enabled staff account and is audited under it.
import type { Database } from '../src/db/client';
import { createStaff } from '../src/modules/staff';
import { TEST_SECRET_KEY } from './constants';

export const OPERATOR_EMAIL = 'operator.on.duty@clinicpass.example';

/** Creates the operator's staff account (once per database). */
export async function addOperator(db: Database, email = OPERATOR_EMAIL): Promise<string> {
  await createStaff(
    { db, secretKey: TEST_SECRET_KEY },
    { kind: 'operator', name: 'test set-up' },
    { email, name: 'Operator on duty', roles: ['network', 'service', 'content'] },
    new Date(),
    null,
  );
  return email;
}
