import { describe, expect, it } from 'vitest';

import { allowConsoleErrors, failOnUnexpectedConsoleOutput } from './console';

describe('console rule of the test setup', () => {
  it('fails a test that wrote to console.error', () => {
    console.error('Warning: Each child in a list should have a unique "key" prop.');
    expect(() => {
      failOnUnexpectedConsoleOutput();
    }).toThrow(/console\.error: Warning: Each child in a list/);
  });

  it('fails a test that wrote to console.warn, even when errors are allowed', () => {
    allowConsoleErrors();
    console.warn('React Router Future Flag Warning');
    expect(() => {
      failOnUnexpectedConsoleOutput();
    }).toThrow(/console\.warn/);
  });

  it('lets a test that expects errors write them', () => {
    allowConsoleErrors();
    console.error(new Error('expected'));
    expect(() => {
      failOnUnexpectedConsoleOutput();
    }).not.toThrow();
  });
});
