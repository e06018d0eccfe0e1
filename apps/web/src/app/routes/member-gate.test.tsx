import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderApp } from '../../test/render-app';

// Records whether the member pages' chunk was fetched (its module evaluated).
const memberPagesLoaded = vi.hoisted(() => ({ value: false }));
vi.mock('./member-pages', async (importOriginal) => {
  memberPagesLoaded.value = true;
  return importOriginal();
});

describe('member pages gate', () => {
  // The form is a large lazy chunk: a cold import under a loaded test run takes seconds.
  it('sends a visit to the QR page without a member to the form, saying the card closed, without the member pages’ code', async () => {
    const { router } = renderApp('/en/outpatient/e-card/member/qr');

    expect(
      await screen.findByRole(
        'heading',
        { name: 'Please provide the following information' },
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'For your privacy the member card closes after 30 minutes. Please enter the details again.',
      ),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/en/outpatient/e-card/member');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(memberPagesLoaded.value).toBe(false);
  }, 15_000);
});
