// Answers of the calls whose response body the spec does not show (decision 054).
import { z } from 'zod';
import { ApplicationCaseStatusSchema } from '../enums';
import { BillingSchema } from './billing';
import { DateSchema, IdSchema } from './common';
import { PolicySellingSchema } from './policy';

/** `/policy/{id}/retention-selling`: the offer made, or null when there is none to make. */
export const RetentionSellingResultSchema = z.object({
  offer: PolicySellingSchema.nullable(),
});
export type RetentionSellingResult = z.infer<typeof RetentionSellingResultSchema>;

/** `/policy/batch-apply-payment-method`: the billings now paid by the method. */
export const BatchApplyPaymentMethodResultSchema = z.object({
  results: z.array(BillingSchema),
});
export type BatchApplyPaymentMethodResult = z.infer<typeof BatchApplyPaymentMethodResultSchema>;

/** `/group-policy/{id}/remove`: the member policies removed and from when. */
export const GroupPolicyRemoveResultSchema = z.object({
  removed_policy_numbers: z.array(z.string()),
  effective_date: DateSchema,
});
export type GroupPolicyRemoveResult = z.infer<typeof GroupPolicyRemoveResultSchema>;

/** `/outpatient/submit/{id}`: the outpatient application case after submission. */
export const OutpatientCaseSchema = z.object({
  id: IdSchema,
  status: ApplicationCaseStatusSchema,
});
export type OutpatientCase = z.infer<typeof OutpatientCaseSchema>;
