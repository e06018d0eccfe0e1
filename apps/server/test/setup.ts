// Per test file: cheap password hashing, and console.error fails the test (house rule).
import { afterEach, beforeEach, vi } from 'vitest';
import { setPasswordHashCost } from '../src/lib/passwords';

setPasswordHashCost('low');

let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test: ${JSON.stringify(errors[0])}`);
  }
});
