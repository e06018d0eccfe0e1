import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { AppProviders } from '../../../app/providers';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';

import { UsageSummary } from './usage-summary';

const usage = {
  policy_year_start: '2026-03-01',
  policy_year_end: '2027-02-28',
  visits_used: 3,
  visits_included: 10,
  body_checks_left: 0,
  last_visit: { date: '2026-11-20', venue_name_en: 'Central Clinic', venue_name_zh: '中環診所' },
};

function show(language: 'en' | 'zh-HK', value: Parameters<typeof UsageSummary>[0]['usage']) {
  void i18n.changeLanguage(language);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <UsageSummary usage={value} />
    </AppProviders>,
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the policy year use on the member pages', () => {
  it('shows visits used of included, body checks left and the last visit', () => {
    show('en', usage);
    expect(
      screen.getByRole('heading', { name: 'This policy year (1 Mar 2026 – 28 Feb 2027)' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('usage-visits')).toHaveTextContent('3 of 10');
    expect(screen.getByTestId('usage-body-checks')).toHaveTextContent('0');
    expect(screen.getByTestId('usage-last-visit')).toHaveTextContent(
      '20 Nov 2026 at Central Clinic',
    );
  });

  it('reads in Chinese, without a limit when the product sets none, and before any visit', () => {
    show('zh-HK', { ...usage, visits_included: null, visits_used: 0, last_visit: null });
    expect(screen.getByTestId('usage-visits')).toHaveTextContent('0（不設上限）');
    expect(screen.getByTestId('usage-last-visit')).toHaveTextContent('暫時沒有');
  });

  it('shows nothing while the server sends no use', () => {
    const { container } = show('en', undefined);
    expect(container).toBeEmptyDOMElement();
  });
});
