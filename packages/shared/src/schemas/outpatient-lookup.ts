// The member look-up body (member-app §5): the patient's HKID number or member code, and the
// applicant's phone. Imports the phone rules (libphonenumber-js/max), so the web loads this file
// only in the member-card route chunk.
import { z } from 'zod';
import { HkPhoneSchema } from '../identity/hk-phone';
import { HkidSchema } from '../identity/hkid';
import { checkIdentityOrMemberCode } from '../validation/rules';

export const MemberLookupSchema = z
  .object({
    /** HKID with or without brackets and spaces; normalised (`A1234563`). */
    identity_document_number: HkidSchema.optional(),
    member_code: z.string().trim().min(1).max(32).optional(),
    /** Hong Kong phone with or without +852 and spaces; normalised to E.164. */
    phone_number: HkPhoneSchema,
  })
  .superRefine(checkIdentityOrMemberCode);
export type MemberLookup = z.output<typeof MemberLookupSchema>;
export type MemberLookupInput = z.input<typeof MemberLookupSchema>;
