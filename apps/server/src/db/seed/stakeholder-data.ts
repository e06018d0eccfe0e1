// Loads the reference lists of the platform (datasets/reference-lists.ts: licensed banks with
// their clearing codes, nationalities, occupations, incorporation types, stakeholder roles,
// environment settings, body-check centres) and builds the demo rows of issue 7's last part with
// the factories: an outpatient application case per demo account, a stakeholder, a partner.
// Fixed values and order, so every seeded database is the same.
import { hkidLookupHash } from '../../lib/hkid-hash';
import { maskHkid } from '@clinicpass/shared/identity/hkid';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { bodyCheckCentre } from '../schema';
import {
  bank,
  environmentSetting,
  incorporationType,
  nationality,
  occupation,
  stakeholderRole,
} from '../stakeholder-schema';
import {
  BANKS,
  BODY_CHECK_CENTRES,
  ENVIRONMENT_SETTINGS,
  INCORPORATION_TYPES,
  NATIONALITIES,
  OCCUPATIONS,
  STAKEHOLDER_ROLE_ROWS,
} from './datasets/reference-lists';
import { DEMO_CASES, DEMO_PARTNER, DEMO_STAKEHOLDER } from './datasets/demo-scenario';
import type { DemoRecords } from './demo';
import { factories } from './factories';
import type { CaseDetails } from '../../modules/application-case/case-checks';

export { DEMO_CASES, DEMO_PARTNER, DEMO_STAKEHOLDER } from './datasets/demo-scenario';
export {
  BANKS,
  BODY_CHECK_CENTRES,
  ENVIRONMENT_SETTINGS,
  INCORPORATION_TYPES,
  NATIONALITIES,
  OCCUPATIONS,
  STAKEHOLDER_ROLE_ROWS,
};

interface DemoPerson {
  first: string;
  last: string;
  gender: string;
  birth: string;
  hkid: string;
}

function demoPerson(secretKey: string, person: DemoPerson) {
  return {
    first_name: person.first,
    last_name: person.last,
    gender: person.gender,
    date_of_birth: person.birth,
    identity_document_type: 'hong-kong-identity-card',
    identity_document_number_hash: hkidLookupHash(secretKey, person.hkid),
    identity_document_number_masked: maskHkid(person.hkid),
  };
}

/** A complete outpatient application: applicant, the applicant and a child covered, agreed. */
export function demoCaseDetails(
  secretKey: string,
  demo: (typeof DEMO_CASES)[keyof typeof DEMO_CASES],
): CaseDetails {
  const holder = demoPerson(secretKey, demo.holder);
  return {
    policyholder: { ...holder, phone_number: demo.phone, email: demo.email },
    insured_lives: [
      { ...holder, relationship_to_policyholder: 'self' },
      { ...demoPerson(secretKey, demo.child), relationship_to_policyholder: 'child' },
    ],
    declarations: { terms_and_conditions: true, personal_information: true },
  };
}

export interface StakeholderSeedOptions {
  secretKey: string;
  demo: DemoRecords;
}

export async function seedStakeholderData(
  db: Database,
  options: StakeholderSeedOptions,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(bank).values(
      BANKS.map(([code, nameEn, nameZh, isActive], index) => ({
        id: index + 1,
        code,
        nameEn,
        nameZh,
        sequence: (index + 1) * 10,
        isActive,
      })),
    );
    await tx.insert(nationality).values(
      NATIONALITIES.map(([code, descriptionEn, descriptionZh], index) => ({
        code,
        descriptionEn,
        descriptionZh,
        ordering: index + 1,
      })),
    );
    await tx.insert(occupation).values(
      OCCUPATIONS.map(([industryEn, industryZh, roleEn, roleZh], index) => ({
        id: index + 1,
        industryEn,
        industryZh,
        roleEn,
        roleZh,
        sequence: index + 1,
      })),
    );
    const coded = (rows: readonly (readonly [string, string, string])[]) =>
      rows.map(([code, descriptionEn, descriptionZh], index) => ({
        code,
        descriptionEn,
        descriptionZh,
        sequence: index + 1,
      }));
    await tx.insert(incorporationType).values(coded(INCORPORATION_TYPES));
    await tx.insert(stakeholderRole).values(coded(STAKEHOLDER_ROLE_ROWS));
    await tx.insert(environmentSetting).values(ENVIRONMENT_SETTINGS.map((row) => ({ ...row })));
    await tx.insert(bodyCheckCentre).values(BODY_CHECK_CENTRES.map((row) => ({ ...row })));
    for (const table of ['bank', 'occupation']) {
      await tx.execute(
        sql.raw(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}) + 1, false)`,
        ),
      );
    }

    const f = factories(tx, { secretKey: options.secretKey });
    const userId = (email: string) => {
      const found = Object.values(options.demo.users).find((u) => u.email === email);
      if (!found) throw new Error(`user ${email} missing`);
      return found.id;
    };
    const outpatient = options.demo.products['OUTPATIENT-GO'];
    // A draft each, complete, so either demo account can resume and submit an application.
    for (const demo of [DEMO_CASES.owner, DEMO_CASES.plain]) {
      await f.applicationCase({
        userId: userId(demo.email),
        productId: outpatient.id,
        status: 'draft',
        details: demoCaseDetails(options.secretKey, demo),
      });
    }

    await f.stakeholder({
      userId: userId(DEMO_STAKEHOLDER.owner),
      nameEn: DEMO_STAKEHOLDER.nameEn,
      nameZh: DEMO_STAKEHOLDER.nameZh,
      roles: [...DEMO_STAKEHOLDER.roles],
      identificationDocument: 'hong-kong-identity-card',
      documentNumberHash: hkidLookupHash(options.secretKey, DEMO_STAKEHOLDER.hkid),
      documentNumberMasked: maskHkid(DEMO_STAKEHOLDER.hkid),
      address: { ...DEMO_STAKEHOLDER.address },
      sharesOverThreshold: true,
    });

    await f.partner({ name: DEMO_PARTNER.name, userId: userId(DEMO_PARTNER.user) });
  });
}
