// The lists the completeness tests hold the code against, as extracted from the spec. The tests
// read the committed `spec-extract.json`, so a clone on its own tests its code;
// `npm run spec:extract` writes the file again from the spec and `npm run spec:check` compares.
import { parseSpecCallPaths, parseSpecLists, specBulletValues, type SpecList } from './spec-lists';

/** Labels of spec §5–§6 bullets whose values the role tests check. */
export const ROLE_BULLET_LABELS = [
  'User types',
  'Policy party roles',
  'Stakeholder roles',
  'Claim actor kinds',
  'Payment owner',
  'Policy-option rules',
] as const;

export type RoleBulletLabel = (typeof ROLE_BULLET_LABELS)[number];

export interface SpecData {
  /** platform-layer.md §3 "Enumerations" and §4 "States and transitions". */
  enumerations: { section: string; lists: SpecList[] };
  /** platform-layer.md §5–§6: the role and rule bullets, by label. */
  roles: { section: string; bullets: Record<RoleBulletLabel, string[] | null> };
  /** platform-layer.md §5: the codes after "Application validation codes:". */
  validationCodes: { section: string; codes: string[] };
  /** The call paths of platform-layer.md §7 and member-app.md §7. */
  callPaths: { section: string; platform: string[]; memberApp: string[] };
}

/** The codes the platform spec lists after "Application validation codes:". */
export function parseValidationCodes(platform: string): string[] {
  const line = platform
    .split(/\r?\n/)
    .find((text) => text.startsWith('- Application validation codes:'));
  if (line === undefined) throw new Error('The spec no longer lists application validation codes');
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\.\s*$/, '')
    .split(',')
    .map((code) => code.trim());
}

/** Everything the completeness tests need, read out of the two spec documents. */
export function extractSpecData(platform: string, memberApp: string): SpecData {
  const bullets = Object.fromEntries(
    ROLE_BULLET_LABELS.map((label) => [label, specBulletValues(platform, label)]),
  ) as Record<RoleBulletLabel, string[] | null>;
  return {
    enumerations: {
      section: 'platform-layer.md §3 Enumerations, §4 States and transitions',
      lists: parseSpecLists(platform),
    },
    roles: { section: 'platform-layer.md §5–§6', bullets },
    validationCodes: {
      section: 'platform-layer.md §5 Application validation codes',
      codes: parseValidationCodes(platform),
    },
    callPaths: {
      section: 'platform-layer.md §7, member-app.md §7',
      platform: parseSpecCallPaths(platform, '## 7.'),
      memberApp: parseSpecCallPaths(memberApp, '## 7.'),
    },
  };
}
