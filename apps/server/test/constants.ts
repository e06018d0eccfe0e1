export const TEST_SECRET_KEY = 'test-secret-key-with-at-least-32-characters!';

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
