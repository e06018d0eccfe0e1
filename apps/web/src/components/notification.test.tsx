import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '../lib/i18n';

import { InlineNotification, StackedNotification, type NotificationType } from './notification';

function renderWithText(node: React.ReactNode) {
  return render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

describe('InlineNotification', () => {
  it.each<[NotificationType, 'alert' | 'status']>([
    ['info', 'status'],
    ['success', 'status'],
    ['warning', 'status'],
    ['error', 'alert'],
  ])('shows a %s variant in a %s live region', (type, role) => {
    renderWithText(<InlineNotification type={type}>Message</InlineNotification>);
    const region = screen.getByRole(role);
    expect(region).toHaveTextContent('Message');
    expect(region.className).toContain(`MuiAlert-color${type[0]!.toUpperCase()}${type.slice(1)}`);
    // Not dismissable and not timed unless asked.
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('notification-progress')).toBeNull();
  });

  it('a standing note is not a live region', () => {
    renderWithText(
      <InlineNotification type="info" live="none">
        Why we ask
      </InlineNotification>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('Why we ask');
  });

  it('has a labelled dismiss button in both languages', async () => {
    const onDismiss = vi.fn();
    renderWithText(
      <InlineNotification type="warning" onDismiss={onDismiss}>
        Careful
      </InlineNotification>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    await act(async () => {
      await i18n.changeLanguage('zh-HK');
    });
    expect(screen.getByRole('button', { name: '關閉' })).toBeInTheDocument();
  });
});

describe('StackedNotification', () => {
  it('goes after its timeout, with a progress bar shrinking over that time', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    renderWithText(
      <StackedNotification
        notification={{ id: 'n1', type: 'error', body: 'Look-up failed', timeout: 5000 }}
        onDismiss={onDismiss}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Look-up failed');
    const bar = screen.getByTestId('notification-progress');
    expect(bar).toHaveAttribute('aria-hidden', 'true');
    expect(getComputedStyle(bar).animation).toMatch(/^5s linear forwards/);
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('without a timeout stays until dismissed', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    renderWithText(
      <StackedNotification
        notification={{ id: 'n2', type: 'info', body: 'Clinic hours changed' }}
        onDismiss={onDismiss}
      />,
    );
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    expect(screen.queryByTestId('notification-progress')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
