import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DEVICE_SESSION, GUEST_ME, stubJsonFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const announcement = {
  id: 7,
  content_en: 'Scheduled maintenance tonight',
  content_zh: '今晚系統維護',
  content: 'Scheduled maintenance tonight',
  is_dismissable: false,
  message_type: 'warning',
  tags: ['guest'],
};

describe('announcement banners (decision 239)', { timeout: 30_000 }, () => {
  it('ask a guest’s announcements once, even when who is signed in is known before they answer', async () => {
    const asked = stubJsonFetch(async (url) => {
      if (url.includes('/announcement')) {
        // Slower than the identity's answer: the page learns it is a guest's first.
        await new Promise((resolve) => setTimeout(resolve, 300));
        return {
          status: 200,
          body: { results: [announcement] },
          headers: { 'X-Announcement-Tag': 'guest' },
        };
      }
      return url.endsWith('/identity/me') ? GUEST_ME : DEVICE_SESSION;
    });
    renderApp('/en/outpatient/login');
    await screen.findByText('Scheduled maintenance tonight', {}, { timeout: 15_000 });
    // Shown once the page has settled (decision 179).
    await waitFor(
      () => {
        expect(screen.getByText('Scheduled maintenance tonight')).toBeVisible();
      },
      { timeout: 5_000 },
    );
    const announcementsAsked = asked.filter((url) => url.includes('/announcement'));
    expect(announcementsAsked).toHaveLength(1);
    expect(announcementsAsked[0]).not.toContain('tag=');
  });
});
