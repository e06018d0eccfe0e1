// The member card form (spec §5): the patient's HKID (check digit) or member code, and the
// applicant's Hong Kong phone. "Required" is the shared validation catalogue's field error (the
// generic message of spec §5), and so is a wrong phone (`hk_phone`, as the server says it); the
// HKID message is an i18n key of the `member-card` namespace. Imports the phone rules (libphonenumber-js/max), so only the member-card route
// chunk loads this file.
import { isValidHkPhone, normalizeHkPhone } from '@clinicpass/shared/identity/hk-phone';
import { isValidHkid, normalizeHkid } from '@clinicpass/shared/identity/hkid';
import { encodeValidationMessage } from '@clinicpass/shared/validation/issues';
import { z } from 'zod';

const REQUIRED = encodeValidationMessage({ key: 'required' });
const HK_PHONE = encodeValidationMessage({ key: 'hk_phone' });

export const IDENTIFY_BY = ['hkid', 'member-code'] as const;
export type IdentifyBy = (typeof IDENTIFY_BY)[number];

export const memberFormSchema = z
  .object({
    identifyBy: z.enum(IDENTIFY_BY),
    hkid: z.string(),
    memberCode: z.string(),
    phone: z.string().trim().min(1, REQUIRED).refine(isValidHkPhone, HK_PHONE),
  })
  .superRefine((values, ctx) => {
    if (values.identifyBy === 'hkid') {
      if (values.hkid.trim() === '') {
        ctx.addIssue({ code: 'custom', path: ['hkid'], message: REQUIRED });
      } else if (!isValidHkid(values.hkid)) {
        ctx.addIssue({ code: 'custom', path: ['hkid'], message: 'form.errors.hkid' });
      }
    } else if (values.memberCode.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['memberCode'], message: REQUIRED });
    }
  });
export type MemberFormValues = z.infer<typeof memberFormSchema>;

/** The look-up body: normalised HKID (or member code) and E.164 phone. */
export function toLookupBody(values: MemberFormValues) {
  const phone_number = normalizeHkPhone(values.phone) ?? values.phone;
  return values.identifyBy === 'hkid'
    ? { identity_document_number: normalizeHkid(values.hkid), phone_number }
    : { member_code: values.memberCode.trim().toUpperCase(), phone_number };
}
