// The app's own route tree answers the outpatient hand-over addresses (spec §2.2): the address
// goes through React Router's matching and the real loads, as a navigation would.
import { describe, expect, it } from 'vitest';

import { resolveLocation } from '../lib/app-router';

import { routes } from './router';

/** Where the app's router sends a visit to `path`: another document (the main application). */
async function redirectOf(path: string): Promise<string> {
  const answer = await resolveLocation(routes, path);
  if (answer.kind !== 'document') throw new Error(`${path} did not hand over to another document`);
  return answer.href;
}

describe('outpatient /apply routes', () => {
  it('hands /apply with an id to the main app’s /apply, query kept', async () => {
    expect(await redirectOf('/en/outpatient/apply?id=42&ref=sms')).toBe('/en/apply?id=42&ref=sms');
  });

  it('hands /apply without an id to the activation form, with the token and the query', async () => {
    expect(await redirectOf('/zh-hk/outpatient/apply/abc123?utm_source=sms')).toBe(
      '/zh-hk/apply/new/activation/abc123?utm_source=sms',
    );
    expect(await redirectOf('/en/outpatient/apply')).toBe('/en/apply/new/activation');
  });

  it('keeps an id in the query over a token in the path', async () => {
    expect(await redirectOf('/en/outpatient/apply/abc123?id=7')).toBe('/en/apply?id=7');
  });

  it('sends /outpatient itself to /apply, query kept', async () => {
    expect(await redirectOf('/zh-hk/outpatient?id=9')).toBe('/zh-hk/apply?id=9');
    expect(await redirectOf('/en/outpatient')).toBe('/en/apply/new/activation');
  });
});
