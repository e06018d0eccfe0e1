// What an outpatient application case must hold before it can be submitted (decision 134): the
// application validation codes of platform-layer §5 that apply to an outpatient application.
// Pure: the caller reads the product and the members already covered; this only decides.
import { isValidHkPhone } from '@clinicpass/shared/identity/hk-phone';
import { GENDERS, IDENTITY_DOCUMENT_TYPES, RELATIONSHIPS } from '@clinicpass/shared/platform/enums';
import type { ApplicationValidationCode } from '@clinicpass/shared/platform/validation-codes';
import { z } from 'zod';
import type {
  CaseApplicant,
  CaseDetails,
  CaseMember,
  CasePerson,
} from '../../db/stakeholder-schema';

// The shape of a case is its column's (`application_case.details`, db/stakeholder-schema.ts).
export type { CaseApplicant, CaseDetails, CaseMember, CasePerson };

/** The declarations an outpatient application needs. */
export const REQUIRED_DECLARATIONS = ['terms_and_conditions', 'personal_information'] as const;

/** The product as the checks need it. */
export interface CaseProduct {
  /** false when the product has no active platform profile (not on sale). */
  active: boolean;
  /** The birth dates the product's issue ages allow today. */
  validDateOfBirthFrom: string;
  validDateOfBirthTo: string;
}

export interface CaseIssue {
  /** An application validation code, or a validation catalogue key for contact details. */
  code: ApplicationValidationCode | 'required' | 'email' | 'format';
  /** Where in the case, e.g. `insured_lives.1.date_of_birth`. */
  path: string;
}

export interface CaseFacts {
  /** null when the case's product is not a product of the catalogue. */
  product: CaseProduct | null;
  today: string;
  /** Identity hashes of members already covered by an in-force policy of this product. */
  coveredIdentityHashes: ReadonlySet<string>;
}

/** The earliest date of birth accepted at all (older is a typing mistake). */
const EARLIEST_DATE_OF_BIRTH = '1900-01-01';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EmailSchema = z.email();

const blank = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '';

function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

function checkPerson(
  person: CasePerson,
  at: string,
  facts: CaseFacts,
  issues: CaseIssue[],
  checkIssueAge: boolean,
): void {
  if (blank(person.first_name))
    issues.push({ code: 'missing_first_name', path: `${at}.first_name` });
  if (blank(person.last_name)) issues.push({ code: 'missing_last_name', path: `${at}.last_name` });
  if (!(GENDERS as readonly (string | null | undefined)[]).includes(person.gender)) {
    issues.push({ code: 'invalid_gender', path: `${at}.gender` });
  }
  if (
    !(IDENTITY_DOCUMENT_TYPES as readonly (string | null | undefined)[]).includes(
      person.identity_document_type,
    ) ||
    blank(person.identity_document_number_hash)
  ) {
    issues.push({ code: 'invalid_identity_document_type', path: `${at}.identity_document_type` });
  }
  const birth = person.date_of_birth;
  if (blank(birth) || birth === null || birth === undefined) {
    issues.push({ code: 'missing_date_of_birth', path: `${at}.date_of_birth` });
  } else if (!isDate(birth) || birth < EARLIEST_DATE_OF_BIRTH || birth > facts.today) {
    issues.push({ code: 'date_of_birth_out_of_range', path: `${at}.date_of_birth` });
  } else if (
    checkIssueAge &&
    facts.product !== null &&
    (birth < facts.product.validDateOfBirthFrom || birth > facts.product.validDateOfBirthTo)
  ) {
    issues.push({ code: 'issue_age_out_of_range', path: `${at}.date_of_birth` });
  }
}

/**
 * Every problem of the case, in the order of the case. An empty list means it may be submitted.
 */
export function checkCase(details: CaseDetails | null, facts: CaseFacts): CaseIssue[] {
  const issues: CaseIssue[] = [];
  if (facts.product === null) issues.push({ code: 'missing_product', path: 'product' });
  else if (!facts.product.active) issues.push({ code: 'inactive_product', path: 'product' });

  const holder = details?.policyholder ?? null;
  const lives = details?.insured_lives ?? [];
  const declarations = details?.declarations ?? null;
  if (holder === null && lives.length === 0 && declarations === null) {
    issues.push({ code: 'empty_application_case', path: '' });
    return issues;
  }

  if (holder === null) {
    issues.push({ code: 'missing_policyholder', path: 'policyholder' });
  } else {
    // The applicant pays and is reached; they need not be covered, so no issue-age check.
    checkPerson(holder, 'policyholder', facts, issues, false);
    if (blank(holder.phone_number)) {
      issues.push({ code: 'required', path: 'policyholder.phone_number' });
    } else if (!isValidHkPhone(holder.phone_number ?? '')) {
      issues.push({ code: 'format', path: 'policyholder.phone_number' });
    }
    if (blank(holder.email)) {
      issues.push({ code: 'required', path: 'policyholder.email' });
    } else if (!EmailSchema.safeParse(holder.email?.trim()).success) {
      issues.push({ code: 'email', path: 'policyholder.email' });
    }
  }

  if (lives.length === 0) issues.push({ code: 'missing_insured_life', path: 'insured_lives' });
  const seen = new Set<string>();
  let selves = 0;
  lives.forEach((life, index) => {
    const at = `insured_lives.${index}`;
    checkPerson(life, at, facts, issues, true);
    const relationship = life.relationship_to_policyholder;
    if (!(RELATIONSHIPS as readonly (string | null | undefined)[]).includes(relationship)) {
      issues.push({
        code: 'invalid_relationship_to_policyholder',
        path: `${at}.relationship_to_policyholder`,
      });
    } else if (relationship === 'self') {
      selves += 1;
      const sameAsHolder =
        holder !== null &&
        !blank(holder.identity_document_number_hash) &&
        holder.identity_document_number_hash === life.identity_document_number_hash;
      if (selves > 1 || (holder !== null && !sameAsHolder)) {
        issues.push({
          code: 'invalid_relationship_to_policyholder',
          path: `${at}.relationship_to_policyholder`,
        });
      }
    }
    const hash = life.identity_document_number_hash;
    if (hash !== null && hash !== undefined && hash !== '') {
      if (seen.has(hash)) issues.push({ code: 'duplicated_insured_lives', path: at });
      seen.add(hash);
      if (facts.coveredIdentityHashes.has(hash)) {
        issues.push({ code: 'existing_insured_life', path: at });
      }
    }
  });

  for (const name of REQUIRED_DECLARATIONS) {
    if (declarations?.[name] !== true) {
      issues.push({ code: 'agreement_missing', path: `declarations.${name}` });
    }
  }
  return issues;
}
