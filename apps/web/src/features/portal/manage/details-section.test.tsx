import { EXAMPLE_POLICY_DETAIL } from '@clinicpass/shared/platform/entities/examples';
import type { ClaimBalanceItem, PolicyDetail } from '@clinicpass/shared/platform/entities/policy';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { AppProviders } from '../../../app/providers';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { applyPortalLanguage } from '../portal-i18n';

import { BenefitBalances } from './details-section';

// VH1000003's schedule as the seed has it: HK$ a day, HK$ a surgery, HK$ a year.
const policy: PolicyDetail = {
  ...EXAMPLE_POLICY_DETAIL,
  policy_schedule: [
    {
      benefit: 'room-and-board',
      name_en: 'Room and board',
      name_zh: '病房及膳食',
      limit: 1000,
      unit: 'day',
    },
    {
      benefit: 'surgeon-fee',
      name_en: 'Surgeon’s fee (complex)',
      name_zh: '外科醫生費（複雜）',
      limit: 65000,
      unit: 'surgery',
    },
    {
      benefit: 'prescribed-imaging',
      name_en: 'Prescribed diagnostic imaging tests',
      name_zh: '訂明診斷成像檢測',
      limit: 50000,
      unit: 'year',
    },
  ],
};
const items: ClaimBalanceItem[] = [
  {
    benefit: 'room-and-board',
    name_en: 'Room and board',
    name_zh: '病房及膳食',
    limit: 1000,
    used: 3,
    balance: 1000,
    allocated: 0,
  },
  {
    benefit: 'surgeon-fee',
    name_en: 'Surgeon’s fee (complex)',
    name_zh: '外科醫生費（複雜）',
    limit: 65000,
    used: 1,
    balance: 65000,
    allocated: 0,
  },
  {
    benefit: 'prescribed-imaging',
    name_en: 'Prescribed diagnostic imaging tests',
    name_zh: '訂明診斷成像檢測',
    limit: 50000,
    used: 8500,
    balance: 41500,
    allocated: 0,
  },
];

async function show(language: 'en' | 'zh-HK') {
  await applyPortalLanguage(language);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <BenefitBalances policy={policy} items={items} />
    </AppProviders>,
  );
}

/** The cells of a benefit's row in the table, header first. */
function row(name: string): string[] {
  const table = screen.getByRole('table', { hidden: true });
  const header = within(table).getByRole('rowheader', { name, hidden: true });
  const cells = header.closest('tr')?.querySelectorAll('th, td') ?? [];
  return [...cells].map((cell) => cell.textContent);
}

/** A benefit's block in the phone's list: its figures as "label: value". */
function block(name: string): string[] {
  const list = screen.getByRole('list', { hidden: true });
  const heading = within(list).getByRole('heading', { name, hidden: true });
  const item = heading.closest('li');
  const terms = [...(item?.querySelectorAll('dt') ?? [])];
  return terms.map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

beforeAll(async () => {
  await applyPortalLanguage('en');
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('a policy’s benefits and claim balance', () => {
  it('shows a limit per surgery or per day as money for each, and counts what was used', async () => {
    await show('en');
    expect(row('Surgeon’s fee (complex)')).toEqual([
      'Surgeon’s fee (complex)',
      'HK$65,000 per surgery',
      '1 surgery',
      'HK$65,000 per surgery',
    ]);
    expect(row('Room and board')).toEqual([
      'Room and board',
      'HK$1,000 a day',
      '3 days',
      'HK$1,000 a day',
    ]);
    expect(row('Prescribed diagnostic imaging tests')).toEqual([
      'Prescribed diagnostic imaging tests',
      'HK$50,000 a year',
      'HK$8,500',
      'HK$41,500',
    ]);
  });

  it('gives a phone the same figures a benefit at a time, in Chinese too', async () => {
    await show('zh-HK');
    expect(block('外科醫生費（複雜）')).toEqual([
      '上限: 每次手術 HK$65,000',
      '已使用: 1 次手術',
      '餘額: 每次手術 HK$65,000',
    ]);
    expect(block('病房及膳食')).toEqual([
      '上限: 每日 HK$1,000',
      '已使用: 3 日',
      '餘額: 每日 HK$1,000',
    ]);
  });
});
