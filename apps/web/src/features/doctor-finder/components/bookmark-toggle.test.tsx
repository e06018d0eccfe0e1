import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { renderApp } from '../../../test/render-app';
import { stubFinderFetch } from '../testing/finder-fetch-stub';

const RESULTS = '/en/outpatient/doctor-list/outpatient/OP1000001?p=';
const SIGNED_IN = {
  signed_in: true,
  user: { id: 'u1', email: 'owner@example.com', phone_number: null, phone_verified: false },
  tag: 'customer',
};

// These render the whole app; on a loaded 2-core machine a step can take seconds.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await import('../../../app/routes/doctor-finder');
}, 60_000);

/** Bookmark calls the page made, as `METHOD path`. */
function stubSignedIn(options: { refuse?: boolean } = {}) {
  const calls: string[] = [];
  stubFinderFetch({
    rest: (method, path, headers, body) => {
      if (path === '/identity/me') return { body: SIGNED_IN };
      const match = /^\/api\/customer\/service-point\/(\d+)\/bookmark$/.exec(path);
      if (match === null) return undefined;
      calls.push(`${method} ${path}`);
      // The server refuses a JSON content type with an empty body.
      if (headers.get('content-type')?.includes('json') && (body ?? '') === '') {
        return { status: 400, body: { code: 'bad_request', message: 'Empty JSON body' } };
      }
      if (options.refuse) {
        return { status: 500, body: { code: 'internal_error', message: 'Something went wrong' } };
      }
      return { body: { id: Number(match[1]), is_bookmarked: method === 'PUT' } };
    },
  });
  return calls;
}

describe('bookmark toggle on the result cards', { timeout: 30_000 }, () => {
  it('is not offered to a guest', async () => {
    stubFinderFetch();
    renderApp(RESULTS);
    const card = await screen.findByRole('article', { name: 'Dr Chan 1' }, { timeout: 15_000 });
    // Wait for the sign-in state before concluding.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(card).queryByRole('button', { name: /Bookmark/ })).toBeNull();
  });

  it('sets and clears a bookmark for a signed-in member, announcing the state', async () => {
    const calls = stubSignedIn();
    const user = userEvent.setup();
    renderApp(RESULTS);
    const card = await screen.findByRole('article', { name: 'Dr Chan 1' }, { timeout: 15_000 });
    const toggle = await within(card).findByRole('button', { name: 'Bookmark Dr Chan 1' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    await waitFor(() => {
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
    });
    expect(calls).toEqual(['PUT /api/customer/service-point/1/bookmark']);
    await user.click(toggle);
    await waitFor(() => {
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
    });
    expect(calls).toEqual([
      'PUT /api/customer/service-point/1/bookmark',
      'DELETE /api/customer/service-point/1/bookmark',
    ]);
  });

  it('goes back and says so when the server refuses', async () => {
    const calls = stubSignedIn({ refuse: true });
    const user = userEvent.setup();
    renderApp(RESULTS);
    const card = await screen.findByRole('article', { name: 'Dr Chan 2' }, { timeout: 15_000 });
    const toggle = await within(card).findByRole('button', { name: 'Bookmark Dr Chan 2' });
    await user.click(toggle);
    expect(await within(card).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'We could not update the bookmark. Please try again.',
    );
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(calls).toEqual(['PUT /api/customer/service-point/2/bookmark']);
  });

  it('is labelled in Chinese', async () => {
    stubSignedIn();
    renderApp('/zh-hk/outpatient/doctor-list/outpatient/OP1000001?p=');
    const card = await screen.findByRole('article', { name: '陳醫生1' }, { timeout: 15_000 });
    const toggle = await within(card).findByRole('button', { name: '書籤：陳醫生1' });
    expect(toggle).toHaveTextContent('書籤');
  });
});
