import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderApp } from '../../../test/render-app';

// The first render loads the route's chunks: slow on a busy machine, hence the long waits.
describe('member card form', { timeout: 30_000 }, () => {
  it('shows the exact validation messages in English', async () => {
    renderApp('/en/outpatient/e-card/member');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Please provide the following information' },
      { timeout: 15_000 },
    );
    const user = userEvent.setup();
    await user.type(
      screen.getByRole('textbox', { name: "Patient's Hong Kong ID number" }),
      'A123456(4)',
    );
    await user.type(
      screen.getByRole('textbox', { name: 'Phone number of the membership applicant' }),
      '0123',
    );
    await user.click(screen.getByRole('button', { name: 'Access member QR code' }));
    expect(
      await screen.findByText('Please enter a valid HKID number', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid Hong Kong phone number')).toBeInTheDocument();
    expect(
      screen.getByText(
        "If you applied for the patient, use your own phone number. Otherwise, use the applicant's phone number.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/We ask for the HKID number only to find the membership/),
    ).toBeInTheDocument();
  });

  it('reads in Chinese and offers the member code instead of the HKID', async () => {
    renderApp('/zh-hk/outpatient/e-card/member');
    await screen.findByRole('heading', { level: 1, name: '請提供以下資料' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '會員編號' }));
    expect(screen.queryByRole('textbox', { name: '病人的香港身份證號碼' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '查看會員二維碼' }));
    expect(await screen.findAllByText('此項必須填寫', {}, { timeout: 5000 })).toHaveLength(2);
  });
});
