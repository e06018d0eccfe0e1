// A page that cannot load offline (decision 223): the offline page, not the generic error page.
import { ApiError } from '@clinicpass/shared/api-client/client';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { isOfflineFailure } from '../components/error-page';
import { renderApp } from '../test/render-app';

// The home page's code cannot be downloaded, as on a phone that lost its connection.
vi.mock('./routes/home', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/home.js');
});

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

describe('a page that fails offline', () => {
  it('says the phone is offline and leads to the member card, in English', async () => {
    goOffline();
    renderApp('/en');
    expect(await screen.findByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open my member card' })).toHaveAttribute(
      'href',
      '/en/outpatient/e-card/member/qr',
    );
    expect(screen.queryByText('Something went wrong, please try again later.')).toBeNull();
  });

  it('and in Chinese', async () => {
    goOffline();
    renderApp('/zh-hk');
    expect(
      await screen.findByRole('heading', { level: 1, name: '你目前處於離線狀態' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: '開啟我的會員卡' })).toHaveAttribute(
      'href',
      '/zh-hk/outpatient/e-card/member/qr',
    );
  });

  it('online, a failure that is not the network keeps the generic error page', async () => {
    renderApp('/en/oops');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops… Something goes wrong…' }),
    ).toBeVisible();
  });
});

describe('isOfflineFailure', () => {
  it('tells network failures from other errors', () => {
    const networkError = new ApiError({ status: 0, code: 'network_error', message: 'no answer' });
    const serverError = new ApiError({ status: 500, code: 'internal_error', message: 'oops' });
    expect(isOfflineFailure(networkError)).toBe(true);
    expect(isOfflineFailure(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isOfflineFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isOfflineFailure(serverError)).toBe(false);
    expect(isOfflineFailure(new TypeError('x is not a function'))).toBe(false);
    goOffline();
    expect(isOfflineFailure(serverError)).toBe(true);
  });
});
