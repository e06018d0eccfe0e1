// Example entities in the wire form, valid against their schemas: for tests (client, server)
// and as examples in API documentation. Typed by the schema's input, so a field the schema
// gains or renames breaks the example at compile time.
import type { z } from 'zod';
import type { BillingSchema } from './billing';
import type { PolicyDetailSchema, PolicySchema } from './policy';

const T = '2026-11-22T02:00:00.000Z';

/** The demo policyholder, 陳大文. */
const CHAN_TAI_MAN = {
  id: 11,
  identity: {
    first_name: 'Tai Man',
    last_name: 'Chan',
    chinese_first_name: '大文',
    chinese_last_name: '陳',
  },
  gender: 'male',
  date_of_birth: '1980-05-01',
  identity_document_type: 'hong-kong-identity-card',
} as const;

/** OP1000001 as a list shows it: in force, insured life = policyholder (陳大文). */
export const EXAMPLE_POLICY = {
  id: 7,
  policy_number: 'OP1000001',
  application_case_id: null,
  application_id: null,
  beneficiaries: [],
  billing_id: 3,
  dependents: [],
  effective_date: '2025-10-18',
  expiry_date: null,
  insured_life: { ...CHAN_TAI_MAN, relationship_to_policyholder: 'self' },
  is_effective: true,
  issue_date: '2025-10-18',
  parent: null,
  policyholder: CHAN_TAI_MAN,
  product: {
    id: 1,
    code: 'OUTPATIENT',
    short_name: 'Outpatient',
    full_name: 'ClinicPass Outpatient Plan',
    short_name_zh: '門診',
    full_name_zh: 'ClinicPass 門診計劃',
    product_type: 'outpatient',
    type: null,
  },
  status: 'in-force',
  underwriting_case_id: null,
  user_id: '6f1c2a4e-1111-4222-8333-944455556666',
  group_policy_number: null,
  create_date: T,
  update_date: T,
} as const satisfies z.input<typeof PolicySchema>;

/** OP1000001 in full, with its outpatient cash balance. */
export const EXAMPLE_POLICY_DETAIL = {
  ...EXAMPLE_POLICY,
  outpatient_cash_balance: 120.5,
  policy_schedule: [],
  sum_assured: null,
  renewal_date: '2026-10-18',
  intentions: { renewal: 'undecided' },
} as const satisfies z.input<typeof PolicyDetailSchema>;

/** OP1000001's monthly billing, paid by payment method 5. */
export const EXAMPLE_BILLING = {
  id: 3,
  billed_to_date: '2026-12-17',
  billing_anchor_date: '2025-10-18',
  currency: 'HKD',
  frequency: 'monthly',
  next_invoice: '2026-12-18',
  paid_to_date: '2026-11-17',
  payment_method: 5,
  status: 'active',
  create_date: T,
  update_date: T,
} as const satisfies z.input<typeof BillingSchema>;
