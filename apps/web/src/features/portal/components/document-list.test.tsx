import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { AppProviders } from '../../../app/providers';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { applyPortalLanguage } from '../portal-i18n';

import { DocumentLinks } from './document-list';

const documents = [
  { name: 'Renewal notice', name_zh: '續保通知書', url: '/api/customer/policy-renewal/4/document' },
  // A record with no Chinese name keeps its English one.
  { name: 'Policy schedule', url: '/api/customer/policy/1/schedule-document' },
];

async function show(language: 'en' | 'zh-HK') {
  await applyPortalLanguage(language);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <DocumentLinks documents={documents} />
    </AppProviders>,
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('a record’s documents', () => {
  it('open the PDF in a new tab, in the page’s language, and say so', async () => {
    await show('en');
    const link = screen.getByRole('link', {
      name: 'Renewal notice (PDF, opens in a new tab)',
    });
    expect(link).toHaveTextContent('Renewal notice (PDF)');
    expect(link).toHaveAttribute('href', '/api/customer/policy-renewal/4/document?language=en');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
  });

  it('are named in Chinese on a Chinese page', async () => {
    await show('zh-HK');
    const link = screen.getByRole('link', { name: '續保通知書（PDF，於新分頁開啟）' });
    expect(link).toHaveAttribute('href', '/api/customer/policy-renewal/4/document?language=zh-hk');
    expect(
      screen.getByRole('link', { name: 'Policy schedule（PDF，於新分頁開啟）' }),
    ).toBeVisible();
  });
});
