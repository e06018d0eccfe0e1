export const TEST_SECRET_KEY = 'test-secret-key-with-at-least-32-characters!';
export const TEMPLATE_MIGRATED = 'clinicpass_template_migrated';
export const TEMPLATE_SEEDED = 'clinicpass_template_seeded';
