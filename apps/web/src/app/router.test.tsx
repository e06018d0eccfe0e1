import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { stubFinderFetch } from '../features/doctor-finder/testing/finder-fetch-stub';
import { renderApp, stubBrowserLanguages } from '../test/render-app';

describe('home page', () => {
  it('explains ClinicPass in English and links to the member card and the doctor finder', async () => {
    renderApp('/en');

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Your outpatient plan, ready at the clinic counter',
      }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Member card' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show my member card' })).toHaveAttribute(
      'href',
      '/en/outpatient/e-card/member',
    );
    expect(screen.getByRole('link', { name: 'Find a doctor' })).toHaveAttribute(
      'href',
      '/en/outpatient/doctor-list/outpatient/OP1000001',
    );
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.title).toBe('Your outpatient plan · ClinicPass');
  });

  it('reads in Traditional Chinese under /zh-hk', async () => {
    renderApp('/zh-hk');

    expect(
      await screen.findByRole('heading', { level: 1, name: '你的門診計劃，診所櫃檯即用' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '出示我的會員卡' })).toHaveAttribute(
      'href',
      '/zh-hk/outpatient/e-card/member',
    );
    expect(screen.getByRole('link', { name: '尋找醫生' })).toHaveAttribute(
      'href',
      '/zh-hk/outpatient/doctor-list/outpatient/OP1000001',
    );
    expect(document.documentElement).toHaveAttribute('lang', 'zh-Hant-HK');
    expect(document.title).toBe('你的門診計劃 · ClinicPass');
  });

  it('has a header with a home link and a main landmark', async () => {
    renderApp('/en');

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'ClinicPass home' })).toHaveAttribute(
      'href',
      '/en',
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});

describe('addresses without a language prefix', () => {
  it('redirect to the browser language, replacing the bare address', async () => {
    stubBrowserLanguages(['zh-HK', 'en']);
    const { router } = renderApp('/');

    expect(await screen.findByRole('link', { name: '出示我的會員卡' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/zh-hk');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keep their path and query', async () => {
    stubBrowserLanguages(['en-GB']);
    const { router } = renderApp('/outpatient/e-card/member?ref=sms');

    // The member card form is a large lazy chunk (form fields, rules): a cold import under a
    // loaded test run can take longer than findBy's default second.
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Please provide the following information' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/outpatient/e-card/member');
    expect(router.state.location.search).toBe('?ref=sms');
  });

  it('prefer the language the member chose before over the browser language', async () => {
    stubBrowserLanguages(['zh-HK']);
    window.localStorage.setItem('lang', 'en');
    const { router } = renderApp('/');

    expect(await screen.findByRole('link', { name: 'Show my member card' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en');
  });

  it('get a lowercase prefix when typed in another case', async () => {
    const { router } = renderApp('/ZH-HK/outpatient/e-card/member');

    expect(await screen.findByRole('heading', { name: '請提供以下資料' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/zh-hk/outpatient/e-card/member');
  });
});

describe('language switcher', () => {
  it('shows the same page in the other language, keeps the query and remembers the choice', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/en/outpatient/e-card/member?ref=sms');
    await screen.findByRole('heading', { name: 'Please provide the following information' });

    const switcher = screen.getByRole('link', { name: '繁體中文' });
    expect(within(switcher).getByText('繁體中文')).toHaveAttribute('lang', 'zh-Hant-HK');
    await user.click(switcher);

    expect(await screen.findByRole('heading', { name: '請提供以下資料' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/zh-hk/outpatient/e-card/member');
    expect(router.state.location.search).toBe('?ref=sms');
    expect(document.documentElement).toHaveAttribute('lang', 'zh-Hant-HK');
    expect(window.localStorage.getItem('lang')).toBe('zh-HK');
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute(
      'href',
      '/en/outpatient/e-card/member?ref=sms',
    );
  });
});

describe('back button', () => {
  it('appears on a page reached from another page and leads back to it', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/en');

    await user.click(await screen.findByRole('link', { name: 'Show my member card' }));
    await screen.findByRole('heading', { name: 'Please provide the following information' });
    await user.click(screen.getByRole('link', { name: 'Back' }));

    expect(await screen.findByRole('link', { name: 'Show my member card' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en');
  });

  it('is absent on a page opened directly', async () => {
    renderApp('/en/outpatient/e-card/member');

    await screen.findByRole('heading', { name: 'Please provide the following information' });
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
  });
});

describe('doctor finder', () => {
  // The finder's route module is lazy and large: load it before the tests' clocks start.
  beforeAll(async () => {
    await import('./routes/doctor-finder');
  }, 60_000);

  it.each([
    '/en/outpatient/doctor-list/outpatient/OP1000001',
    '/en/health/network/outpatient/OP1000001',
  ])(
    'opens the landing view at %s',
    async (path) => {
      stubFinderFetch();
      renderApp(path);

      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Find a network doctor' },
          { timeout: 10_000 },
        ),
      ).toBeVisible();
    },
    15_000,
  );

  it('shows Not Found for a panel that does not exist', async () => {
    renderApp('/en/outpatient/doctor-list/gold/OP1000001');

    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
  });
});

describe('not found page', () => {
  it('shows for an unknown address, with a link back to the homepage', async () => {
    renderApp('/en/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/en');
  });

  it('reads in Chinese under /zh-hk', async () => {
    renderApp('/zh-hk/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: '找不到頁面' })).toBeVisible();
    expect(screen.getByRole('link', { name: '返回主頁' })).toHaveAttribute('href', '/zh-hk');
  });

  it('leads home when its link is followed', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/en/no-such-page');

    await user.click(await screen.findByRole('link', { name: 'Back to homepage' }));

    expect(await screen.findByRole('link', { name: 'Find a doctor' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en');
  });
});

describe('error page route', () => {
  it('shows the generic error page at /:lang/oops', async () => {
    renderApp('/zh-hk/oops');

    expect(await screen.findByRole('heading', { level: 1, name: '糟糕…出現問題…' })).toBeVisible();
    expect(screen.getByRole('link', { name: '返回主頁' })).toHaveAttribute('href', '/zh-hk');
  });
});
