// Sign-in when the SMS code stage's code cannot be loaded (decision 238): the stage is a chunk
// of its own, loaded as a sign-in is sent. A failed load is said on the form, which stays.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DEVICE_SESSION, GUEST_ME, stubJsonFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

vi.mock('./sms-code-stage', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-in without its SMS code stage', { timeout: 30_000 }, () => {
  it('says so on the form and keeps it, instead of the page failing', async () => {
    stubJsonFetch((url) =>
      url.endsWith('/identity/sign-in')
        ? {
            signed_in: false,
            challenge: { name: 'SMS_MFA', session: 's'.repeat(43), destination: '+852 ****4567' },
          }
        : url.endsWith('/identity/me')
          ? GUEST_ME
          : DEVICE_SESSION,
    );
    renderApp('/en/outpatient/login');
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: /Email/ }, { timeout: 15_000 }),
      'owner@example.com',
    );
    await user.type(screen.getByLabelText(/^Password/), 'ClinicPass2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something goes wrong, please try again later',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('owner@example.com');
  });
});
