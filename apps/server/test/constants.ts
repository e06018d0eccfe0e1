export const TEST_SECRET_KEY = 'test-secret-key-with-at-least-32-characters!';

/**
 * The guest-write limits (decision 251) far above what a test file or the browser journeys
 * send: they run on a fixed clock or from 127.0.0.1 alone. hardening-two.test.ts sets them.
 */
export const GUEST_LIMITS_OFF = {
  GUEST_SESSIONS_PER_ADDRESS_PER_HOUR: '1000000',
  CAPTCHA_CHALLENGES_PER_ADDRESS_PER_MINUTE: '1000000',
  MEMBER_LOOKUPS_PER_MEMBER_PER_HOUR: '1000000',
  MEMBER_LOOKUPS_PER_ADDRESS_PER_HOUR: '1000000',
  FINDER_POLICY_NUMBERS_PER_ADDRESS_PER_HOUR: '1000000',
} as const;

/**
 * The template databases of one test project (`server`, `server-isolated`): each project's
 * global setup makes its own, so two projects can run side by side on one PostgreSQL server
 * (CI's DATABASE_URL) without dropping each other's templates.
 */
export function templateNames(project: string): { migrated: string; seeded: string } {
  const suffix = project.replace(/[^a-z0-9]/gi, '_').toLowerCase();
  return {
    migrated: `clinicpass_template_migrated_${suffix}`,
    seeded: `clinicpass_template_seeded_${suffix}`,
  };
}
