import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { allowConsoleErrors, capturedConsoleErrors } from '../../test/console';
import { renderApp } from '../../test/render-app';

// The home page's content throws while rendering; everything else is the real app.
vi.mock('../../features/home/components/home-page', () => ({
  HomePage: () => {
    throw new Error('home page exploded');
  },
}));

describe('page error boundary', () => {
  it('shows the error page inside the layout when a page throws while rendering', async () => {
    allowConsoleErrors();
    renderApp('/en');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops… Something goes wrong…' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/en');
    // The layout survived: header and language switcher still work.
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: '繁體中文' }),
    ).toBeVisible();
    expect(screen.queryByText('home page exploded')).not.toBeInTheDocument();
    expect(capturedConsoleErrors().flat()).toContainEqual(new Error('home page exploded'));
  });

  it('shows the error page in Chinese under /zh-hk', async () => {
    allowConsoleErrors();
    renderApp('/zh-hk');

    expect(await screen.findByRole('heading', { level: 1, name: '糟糕…出現問題…' })).toBeVisible();
  });
});
