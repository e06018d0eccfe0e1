import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppProviders } from '../app/providers';
import { standIn } from '../test/altcha-stand-in';
import { applyLanguage } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { renderApp } from '../test/render-app';
import { CaptchaField, type CaptchaHandle } from './captcha-field';

afterEach(async () => {
  standIn.next = 'solved';
  standIn.lifetime = null;
  vi.unstubAllGlobals();
  await applyLanguage('en');
});

function renderField() {
  const ref = createRef<CaptchaHandle>();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <CaptchaField ref={ref} />
    </AppProviders>,
  );
  return ref;
}

/** The field's checkbox, once it is there. */
function widget(): Promise<HTMLElement> {
  return screen.findByRole('checkbox', { name: /robot|Verif|機械人|驗證/ });
}

const MESSAGES = {
  en: {
    group: 'Verification check',
    network:
      'Network error: the verification check could not be loaded. Please check your connection and try again',
    expired: 'The verification check has expired, please verify again',
    incorrect: 'The verification answer is incorrect, please verify again',
    timeout: 'The verification check took too long, please try again',
    used: 'This verification check was already used, please verify again',
  },
  'zh-HK': {
    group: '安全驗證',
    network: '網絡錯誤，未能載入驗證。請檢查網絡連線後再試',
    expired: '驗證已過期，請重新驗證',
    incorrect: '驗證答案不正確，請重新驗證',
    timeout: '驗證時間過長，請重試',
    used: '此驗證已被使用，請重新驗證',
  },
} as const;

describe('captcha field', () => {
  it.each(['en', 'zh-HK'] as const)(
    'says each of the five errors in its own words (%s)',
    async (language) => {
      await applyLanguage(language);
      const texts = MESSAGES[language];
      const ref = renderField();
      expect(screen.getByRole('group', { name: texts.group })).toBeInTheDocument();
      await widget();

      standIn.next = 'network';
      await act(async () => {
        expect(await ref.current?.take()).toBeNull();
      });
      expect(await screen.findByText(texts.network)).toBeInTheDocument();

      standIn.next = 'timeout';
      await act(async () => {
        expect(await ref.current?.take()).toBeNull();
      });
      expect(await screen.findByText(texts.timeout)).toBeInTheDocument();

      // Solved, then its challenge lapses: the field says so.
      standIn.next = 'solved';
      standIn.lifetime = 30;
      await userEvent.setup().click(await widget());
      expect(await screen.findByText(texts.expired)).toBeInTheDocument();
      expect(screen.getByRole('checkbox')).not.toBeChecked();

      act(() => {
        ref.current?.show('incorrect');
      });
      expect(await screen.findByText(texts.incorrect)).toBeInTheDocument();
      act(() => {
        ref.current?.show('used');
      });
      expect(await screen.findByText(texts.used)).toBeInTheDocument();
      // One notification at a time, announced as it appears.
      expect(screen.getByRole('alert')).toHaveTextContent(texts.used);
    },
  );

  it('hands over a ticked box once, then solves anew for the next request', async () => {
    const ref = renderField();
    await widget();
    const user = userEvent.setup();
    const before = standIn.solved;
    await user.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    await waitFor(() => {
      expect(standIn.solved).toBe(before + 1);
    });
    let first: string | null | undefined;
    await act(async () => {
      first = await ref.current?.take();
    });
    expect(first).toBe(`stand-in-payload-${before + 1}`);
    expect(screen.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();
    let second: string | null | undefined;
    await act(async () => {
      second = await ref.current?.take();
    });
    expect(second).toBe(`stand-in-payload-${before + 2}`);
  });
});

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown };

function stubApi(handler: Handler) {
  const calls: { url: string; captcha: string | null }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, captcha: new Headers(init.headers).get('x-captcha') });
    const { status, body } = handler(url, init);
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return calls;
}

const guest = { signed_in: false, user: null, tag: 'guest' };
const session = { session_id: 'abcdefghijklmnopqrstuvwx', code: 'created' };

describe('captcha in the forms', { timeout: 30_000 }, () => {
  it('sends a solved captcha with every member look-up and shows "already used"', async () => {
    const calls = stubApi((url) =>
      url.endsWith('/outpatient/member-ticket')
        ? { status: 400, body: { code: 'captcha_used', message: 'x' } }
        : { status: 200, body: session },
    );
    renderApp('/en/outpatient/e-card/member');
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole(
        'textbox',
        { name: "Patient's Hong Kong ID number" },
        { timeout: 15_000 },
      ),
      'A123456(3)',
    );
    await user.type(
      screen.getByRole('textbox', { name: 'Phone number of the membership applicant' }),
      '91234567',
    );
    await widget();
    await user.click(screen.getByRole('button', { name: 'Access member QR code' }));
    expect(await screen.findByText(MESSAGES.en.used, {}, { timeout: 5000 })).toBeInTheDocument();
    const lookups = calls.filter((call) => call.url.endsWith('/outpatient/member-ticket'));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.captcha).toMatch(/^stand-in-payload-\d+$/);
  });

  it('solves ahead as the member form opens, and retries once at the difficulty asked', async () => {
    standIn.difficulties.length = 0;
    const before = standIn.solved;
    const calls = stubApi((url) =>
      url.endsWith('/outpatient/member-ticket')
        ? {
            status: 400,
            body: { code: 'captcha_required', message: 'x', details: { difficulty: 1600 } },
          }
        : { status: 200, body: session },
    );
    renderApp('/en/outpatient/e-card/member');
    await widget();
    // Solved before anyone taps (at the base difficulty).
    await waitFor(() => {
      expect(standIn.solved).toBe(before + 1);
    });
    expect(standIn.difficulties).toEqual([null]);
    const user = userEvent.setup();
    await user.type(
      screen.getByRole('textbox', { name: "Patient's Hong Kong ID number" }),
      'A123456(3)',
    );
    await user.type(
      screen.getByRole('textbox', { name: 'Phone number of the membership applicant' }),
      '91234567',
    );
    await user.click(screen.getByRole('button', { name: 'Access member QR code' }));
    // Still too easy after the retry: the field asks for the check, and nothing loops.
    expect(
      await screen.findByText('Please complete the verification check', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const lookups = calls.filter((call) => call.url.endsWith('/outpatient/member-ticket'));
    expect(lookups.map((call) => call.captcha)).toEqual([
      `stand-in-payload-${before + 1}`,
      `stand-in-payload-${before + 2}`,
    ]);
    expect(standIn.difficulties).toEqual([null, 1600]);
  });

  it('asks for a captcha at sign-in only when the server does, then sends one', async () => {
    const calls = stubApi((url, init) => {
      if (url.endsWith('/identity/sign-in')) {
        const hasCaptcha = new Headers(init.headers).get('x-captcha') !== null;
        return {
          status: 400,
          body: { code: hasCaptcha ? 'NotAuthorizedException' : 'captcha_required', message: 'x' },
        };
      }
      if (url.endsWith('/identity/me')) return { status: 200, body: guest };
      return { status: 200, body: session };
    });
    renderApp('/en/outpatient/login');
    const submit = await screen.findByRole('button', { name: 'Sign in' }, { timeout: 15_000 });
    expect(screen.queryByRole('group', { name: MESSAGES.en.group })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'plain@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Wrong-pass1');
    await user.click(submit);
    expect(await screen.findByRole('group', { name: MESSAGES.en.group })).toBeInTheDocument();
    expect(screen.getByText('Please complete the verification check')).toBeInTheDocument();
    await widget();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    const signIns = calls.filter((call) => call.url.endsWith('/identity/sign-in'));
    expect(signIns.map((call) => call.captcha === null)).toEqual([true, false]);
  });
});
