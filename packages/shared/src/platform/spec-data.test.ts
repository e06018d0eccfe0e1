import { describe, expect, it } from 'vitest';
import committed from './spec-extract.json';

// The comparison with the spec itself is `npm run spec:check` (the spec is not in the repository).
describe('the committed spec lists', () => {
  it('hold what the completeness tests need', () => {
    expect(committed.enumerations.lists.length).toBeGreaterThanOrEqual(40);
    expect(committed.validationCodes.codes.length).toBeGreaterThan(40);
    expect(
      committed.callPaths.platform.length + committed.callPaths.memberApp.length,
    ).toBeGreaterThan(70);
  });
});
