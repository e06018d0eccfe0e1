import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderApp } from '../../../test/render-app';
import { loadRules } from '../hooks/use-member-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The API: a failed look-up ("no match"), a guest, no announcements. */
function stubFailedLookUp() {
  const lookUps: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    const answer = (status: number, body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    if (url.endsWith('/outpatient/member-ticket')) {
      lookUps.push(url);
      return answer(404, { code: 'not_found', message: 'No membership matches.' });
    }
    if (url.includes('/identity/me'))
      return answer(200, { signed_in: false, user: null, tag: 'guest' });
    if (url.includes('/announcement')) return answer(200, []);
    return answer(404, { code: 'not_found', message: 'Not found.' });
  });
  return lookUps;
}

/** Opens the English form and types the HKID and phone; resolves to the user and the button. */
async function fillEnglishForm(hkid: string, phone: string) {
  renderApp('/en/outpatient/e-card/member');
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Please provide the following information' },
    { timeout: 15_000 },
  );
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: "Patient's Hong Kong ID number" }), hkid);
  await user.type(
    screen.getByRole('textbox', { name: 'Phone number of the membership applicant' }),
    phone,
  );
  return { user, button: screen.getByRole('button', { name: 'Access member QR code' }) };
}

/** Opens the English form, types the HKID and phone, and submits. */
async function submitEnglishForm(hkid: string, phone: string) {
  const { user, button } = await fillEnglishForm(hkid, phone);
  await user.click(button);
}

// The first render loads the route's chunks: slow on a busy machine, hence the long waits.
describe('member card form', { timeout: 30_000 }, () => {
  it('shows the exact validation messages in English', async () => {
    await submitEnglishForm('A123456(4)', '0123');
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

  it('checks a field left for a press in the form once the press is released, and sends the form', async () => {
    const { user, button } = await fillEnglishForm('A123456(3)', '0123');
    const phone = screen.getByRole('textbox', { name: 'Phone number of the membership applicant' });
    await user.pointer({ keys: '[MouseLeft>]', target: button });
    expect(phone).not.toHaveFocus();
    // Whatever check the press's blur started has had its rules and its render.
    await act(() => loadRules());
    expect(screen.queryByText('Please enter a valid Hong Kong phone number')).toBeNull();
    await user.pointer({ keys: '[/MouseLeft]', target: button });
    expect(
      await screen.findByText('Please enter a valid Hong Kong phone number', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    // The click was not lost: the submit focused the wrong field.
    await waitFor(() => {
      expect(phone).toHaveFocus();
    });
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

  it('shows a failed look-up in the error banner for 5000 ms, with the shared notification', async () => {
    const lookUps = stubFailedLookUp();
    await submitEnglishForm('A123456(3)', '98765432');
    const text = await screen.findByText(
      'We could not find a membership with this ID number and phone number. Please check them and try again.',
      {},
      { timeout: 5000 },
    );
    const banner = screen.getAllByRole('alert').find((alert) => alert.contains(text));
    if (banner === undefined) throw new Error('the message is not in an alert');
    expect(lookUps).toHaveLength(1);
    // The banner's timeout is 5000 ms (the bar shrinks over it; StackedNotification's own test
    // shows it goes at 5000 ms and not at 4999 ms).
    const bar = within(banner).getByTestId('notification-progress');
    expect(getComputedStyle(bar).animation).toMatch(/^5s linear forwards/);
  });
});
