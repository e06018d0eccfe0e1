import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { AppProviders } from '../../../app/providers';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';

import { BodyCheckRule } from './body-check-rule';

function renderRule(checksPerYear: number) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <BodyCheckRule checksPerYear={checksPerYear} />
    </AppProviders>,
  );
}

describe('body-check rule text', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 1, /^Your plan includes up to 1 body check per year\. The first body check/],
    ['en', 2, /^Your plan includes up to 2 body checks per year\. The first body check/],
    ['zh-HK', 1, /^你的計劃每年包括最多1次身體檢查。首次身體檢查/],
    ['zh-HK', 2, /^你的計劃每年包括最多2次身體檢查。首次身體檢查/],
  ] as const)('%s with %i check(s) a year from the product', async (language, count, text) => {
    await i18n.changeLanguage(language);
    renderRule(count);
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
