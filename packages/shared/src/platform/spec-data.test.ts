import { describe, expect, it } from 'vitest';
import { extractSpecData } from './spec-data';
import committed from './spec-extract.json';
import {
  PLATFORM_SPEC_PATH,
  readMemberAppSpec,
  readPlatformSpec,
  specFilesPresent,
} from './spec-file';

const specPresent = specFilesPresent();

describe('the committed spec lists', () => {
  it('hold what the completeness tests need', () => {
    expect(committed.enumerations.lists.length).toBeGreaterThanOrEqual(40);
    expect(committed.validationCodes.codes.length).toBeGreaterThan(40);
    expect(
      committed.callPaths.platform.length + committed.callPaths.memberApp.length,
    ).toBeGreaterThan(70);
  });

  if (specPresent) {
    it('match the spec in ../shared/spec/ (run `npm run spec:extract` after a spec change)', () => {
      expect(committed).toEqual(extractSpecData(readPlatformSpec(), readMemberAppSpec()));
    });
  } else {
    it('cannot be compared with the spec: ../shared/spec/ is not beside this clone', () => {
      console.warn(
        `spec-data.test: ${PLATFORM_SPEC_PATH} is absent, so the committed lists were not compared with the spec.`,
      );
      expect(specPresent).toBe(false);
    });
  }
});
