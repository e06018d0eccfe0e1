// The app's own route tree answers the outpatient hand-over addresses (spec §2.2): the request
// goes through React Router's matching and the real loaders, as a navigation would.
import { createStaticHandler } from 'react-router';
import { describe, expect, it } from 'vitest';

import { routes } from './router';

/** Where the app's router sends a full-page request for `path`, and how. */
async function redirectOf(path: string): Promise<{ status: number; location: string | null }> {
  const handler = createStaticHandler(routes);
  const answer = await handler.query(new Request(`http://localhost${path}`));
  if (!(answer instanceof Response)) throw new Error(`${path} did not redirect`);
  // A whole-page hand-over (the main app is another application), not an in-app navigation.
  expect(answer.headers.get('X-Remix-Reload-Document')).toBe('true');
  return { status: answer.status, location: answer.headers.get('Location') };
}

describe('outpatient /apply routes', () => {
  it('hands /apply with an id to the main app’s /apply, query kept', async () => {
    expect(await redirectOf('/en/outpatient/apply?id=42&ref=sms')).toEqual({
      status: 302,
      location: '/en/apply?id=42&ref=sms',
    });
  });

  it('hands /apply without an id to the activation form, with the token and the query', async () => {
    expect(await redirectOf('/zh-hk/outpatient/apply/abc123?utm_source=sms')).toEqual({
      status: 302,
      location: '/zh-hk/apply/new/activation/abc123?utm_source=sms',
    });
    expect((await redirectOf('/en/outpatient/apply')).location).toBe('/en/apply/new/activation');
  });

  it('keeps an id in the query over a token in the path', async () => {
    expect((await redirectOf('/en/outpatient/apply/abc123?id=7')).location).toBe('/en/apply?id=7');
  });

  it('sends /outpatient itself to /apply, query kept', async () => {
    expect(await redirectOf('/zh-hk/outpatient?id=9')).toEqual({
      status: 302,
      location: '/zh-hk/apply?id=9',
    });
    expect((await redirectOf('/en/outpatient')).location).toBe('/en/apply/new/activation');
  });
});
