import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderApp } from '../../../test/render-app';

// "Passwords did not match" comes from the shared error catalogue (member-app §8, "passwords
// differ"), in the language of the page, on every form with a confirmation field.
const cases = [
  {
    prefix: 'en',
    email: 'Email',
    sendCode: 'Send code',
    code: '6-digit verification code',
    next: 'Next',
    newPassword: 'New password',
    confirm: 'Confirm new password',
    save: 'Set password',
    message: 'Passwords did not match',
  },
  {
    prefix: 'zh-hk',
    email: '電郵',
    sendCode: '發送驗證碼',
    code: '6 位數字驗證碼',
    next: '下一步',
    newPassword: '新密碼',
    confirm: '確認新密碼',
    save: '設定密碼',
    message: '兩次輸入的密碼不相符',
  },
] as const;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a confirmation that differs from the new password', { timeout: 30_000 }, () => {
  it.each(cases)('reads as the catalogue message on the $prefix set-password page', async (c) => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(url);
      const body = url.endsWith('/identity/first-time')
        ? {
            code_delivery_details: {
              destination: 'p***@e***.com',
              delivery_medium: 'EMAIL',
              attribute_name: 'email',
            },
          }
        : url.endsWith('/identity/me')
          ? { signed_in: false, user: null, tag: 'guest' }
          : { session_id: 'abcdefghijklmnopqrstuvwx', code: 'created' };
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    renderApp(`/${c.prefix}/outpatient/set-password`);
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: new RegExp(c.email) }, { timeout: 15_000 }),
      'plain@example.com',
    );
    await user.click(screen.getByRole('button', { name: c.sendCode }));
    await user.type(await screen.findByRole('textbox', { name: new RegExp(c.code) }), '123456');
    await user.click(screen.getByRole('button', { name: c.next }));
    await user.type(
      await screen.findByLabelText(new RegExp(`^${c.newPassword}`)),
      'ClinicPass2026',
    );
    await user.type(screen.getByLabelText(new RegExp(`^${c.confirm}`)), 'ClinicPass2027');
    await user.click(screen.getByRole('button', { name: c.save }));
    expect(await screen.findByText(c.message)).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(`^${c.confirm}`))).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls.some((url) => url.endsWith('/identity/first-time/confirm'))).toBe(false);
  });
});
