import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderApp } from '../../../test/render-app';
import { servicePoint } from '../model/sample-network';
import { stubFinderFetch } from '../testing/finder-fetch-stub';

const RESULTS = '/en/outpatient/doctor-list/outpatient/OP1000001';

// The route module is lazy: load it once before the first test's clock starts.
// These journeys render the whole app; on a loaded 2-core machine a step can take seconds.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await import('../../../app/routes/doctor-finder');
}, 60_000);

afterEach(() => {
  window.localStorage.clear();
});

describe('doctor finder results', { timeout: 30_000 }, () => {
  it('shows cards with member prices, saving rounded up to 5 and the fee label', async () => {
    stubFinderFetch();
    renderApp(`${RESULTS}?p=`);

    const card = await screen.findByRole('article', { name: 'Dr Chan 1' }, { timeout: 15_000 });
    expect(within(card).getByText('Physiotherapy fee')).toBeInTheDocument();
    expect(within(card).getByText(/Member price HK\$150/)).toBeInTheDocument();
    // 80 / 230 = 34.8 % → 35
    expect(within(card).getByText(/Save HK\$80 \(35% off\)/)).toBeInTheDocument();
    // Numbers grouped as people read them, a floor note beside its number (issue 41).
    expect(within(card).getByRole('link', { name: 'Call 2345 6789' })).toHaveAttribute(
      'href',
      'tel:23456789',
    );
    expect(within(card).getByRole('link', { name: 'Call +852 2345 6790 (14/F)' })).toHaveAttribute(
      'href',
      'tel:+85223456790',
    );
    // jsdom's user agent is not a phone's: no call button.
    expect(within(card).queryByRole('link', { name: 'Call the clinic' })).not.toBeInTheDocument();
  });

  it('writes filters to the address with replace, debouncing the search by 300 ms', async () => {
    const { searches } = stubFinderFetch();
    const user = userEvent.setup();
    const { router } = renderApp(`${RESULTS}?p=&districts=A`);
    await screen.findByRole('article', { name: 'Dr Chan 1' }, { timeout: 15_000 });
    const before = searches.length;

    await user.type(screen.getByRole('searchbox', { name: /Search by doctor/ }), 'Chan');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?p=Chan&districts=A');
    });
    expect(router.state.historyAction).toBe('REPLACE');
    // One search for the whole word, not one per letter.
    await waitFor(() => {
      expect(searches.filter((v) => v.search !== undefined)).toHaveLength(1);
    });
    expect(searches.length - before).toBe(1);
    expect(searches.at(-1)).toMatchObject({ search: 'Chan', district_codes: ['A'], page: 1 });
    expect(
      JSON.parse(window.localStorage.getItem('panel-doctor-search-params') ?? '{}'),
    ).toMatchObject({
      searchText: 'Chan',
      districts: ['A'],
    });
  });

  it('drops unknown codes from the address quietly', async () => {
    const { searches } = stubFinderFetch();
    const { router } = renderApp(`${RESULTS}?p=&districts=A,ZZ&services=1,999`);
    await screen.findByRole('article', { name: 'Dr Chan 1' }, { timeout: 15_000 });
    await waitFor(() => {
      expect(router.state.location.search).toBe('?p=&districts=A&services=1');
    });
    expect(searches.every((v) => !(v.district_codes as string[] | undefined)?.includes('ZZ'))).toBe(
      true,
    );
  });

  it('pages through results and disables previous on page 1 and next on the last', async () => {
    const { searches } = stubFinderFetch();
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderApp(`${RESULTS}?p=`);
    await screen.findByRole('article', { name: 'Dr Chan 1' }, { timeout: 15_000 });
    const nav = screen.getByRole('navigation', { name: 'Result pages' });
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await screen.findByRole('article', { name: 'Dr Chan 41' });
    expect(searches.at(-1)).toMatchObject({ page: 3 });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(
      within(screen.getByRole('navigation', { name: 'Result pages' })).getByRole('button', {
        name: 'Next page',
      }),
    ).toBeDisabled();
  });

  it('shows no total while the next search loads, then its own', async () => {
    const page = (number: number) => ({
      results: Array.from({ length: 20 }, (_, index) =>
        servicePoint(index + 1 + (number - 1) * 20),
      ),
      total: 45,
    });
    let answerPage2: (() => void) | undefined;
    stubFinderFetch({
      servicePoints: (variables) =>
        Number(variables.page) === 2
          ? new Promise((resolve) => {
              answerPage2 = () => {
                resolve(page(2));
              };
            })
          : page(1),
    });
    const user = userEvent.setup();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderApp(`${RESULTS}?p=`);
    await screen.findByRole('article', { name: 'Dr Chan 1' }, { timeout: 15_000 });
    expect(screen.getByText('45 results')).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Result pages' });
    await user.click(within(nav).getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('progressbar', { name: 'Loading results' });
    expect(screen.queryByText('45 results')).toBeNull();
    expect(screen.queryByRole('article', { name: 'Dr Chan 1' })).toBeNull();

    answerPage2?.();
    await screen.findByRole('article', { name: 'Dr Chan 21' });
    expect(screen.getByText('45 results')).toBeInTheDocument();
  });

  it('offers to expand an empty search, then notes the districts the results come from', async () => {
    const { searches } = stubFinderFetch({
      servicePoints: (variables) =>
        variables.expand_until_found === true
          ? { results: [servicePoint(7, 'B')], total: 1 }
          : { results: [], total: 0 },
    });
    const user = userEvent.setup();
    renderApp(`${RESULTS}?p=&districts=A`);

    await screen.findByRole('heading', { name: 'No doctors found' });
    await user.click(screen.getByRole('button', { name: 'Search nearby districts' }));
    await screen.findByRole('article', { name: 'Dr Chan 7' });
    expect(searches.at(-1)).toMatchObject({ expand_until_found: true });
    expect(
      screen.getByText(
        /results are shown from the listed districts: Central and Western, Wan Chai/,
      ),
    ).toBeInTheDocument();
  });

  it('with no district chosen, says nothing matches anywhere and offers no nearby search', async () => {
    stubFinderFetch({ servicePoints: () => ({ results: [], total: 0 }) });
    renderApp(`${RESULTS}?p=&search=causway`);

    await screen.findByRole('heading', { name: 'No doctors found' });
    expect(
      screen.getByText('No doctor matches your filters. Try fewer filters or other words.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/in the chosen districts/)).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Search nearby districts' }),
    ).not.toBeInTheDocument();
  });

  it('writes a large total with a thousands separator', async () => {
    stubFinderFetch({
      servicePoints: () => ({ results: [servicePoint(1)], total: 1444 }),
    });
    renderApp(`${RESULTS}?p=`);
    expect(await screen.findByText('1,444 results')).toBeInTheDocument();
  });

  it('shows the expanded-empty message without an expand button when expanding finds nothing', async () => {
    stubFinderFetch({ servicePoints: () => ({ results: [], total: 0 }) });
    const user = userEvent.setup();
    renderApp(`${RESULTS}?p=&districts=A`);

    await user.click(await screen.findByRole('button', { name: 'Search nearby districts' }));
    await screen.findByRole('heading', { name: 'Still no doctors found' });
    expect(
      screen.queryByRole('button', { name: 'Search nearby districts' }),
    ).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the search fails', async () => {
    let fail = true;
    stubFinderFetch({
      servicePoints: (variables) =>
        fail && variables.district_codes !== undefined
          ? { error: 'internal_error' }
          : { results: [servicePoint(1)], total: 1 },
    });
    const user = userEvent.setup();
    renderApp(`${RESULTS}?p=&districts=A`);

    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('We could not load the doctors');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'Dr Chan 1' }, { timeout: 15_000 });
  }, 15_000);

  it('shows the no-access page for a policy without a medical network', async () => {
    stubFinderFetch({ servicePoints: () => ({ error: 'no_access' }) });
    renderApp(`${RESULTS}?p=`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'No medical network' }),
    ).toBeVisible();
  });
});

describe('doctor finder filter drawer', { timeout: 30_000 }, () => {
  it('resets to empty filters, search text included, and the price to 100–1000 on apply', async () => {
    stubFinderFetch();
    const user = userEvent.setup();
    const { router } = renderApp(
      '/en/outpatient/doctor-list/go/GO1?p=Chan&districts=A&price=500%2C900',
    );
    await screen.findByRole('article', { name: 'Dr Chan 1' }, { timeout: 15_000 });

    await user.click(screen.getByRole('button', { name: /^Filter \(/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(drawer).getByRole('button', { name: 'Reset' }));
    // Nothing applies before apply (or close).
    expect(router.state.location.search).toBe('?p=Chan&districts=A&price=500%2C900');
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));

    await waitFor(() => {
      expect(router.state.location.search).toBe('?p=&price=100%2C1000');
    });
    await waitFor(() => {
      expect(screen.getByRole('searchbox', { name: /Search by doctor/ })).toHaveValue('');
    });
  });

  it('keeps the page when the drawer and its pickers close without a change', async () => {
    const { searches } = stubFinderFetch();
    const user = userEvent.setup();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderApp(`${RESULTS}?p=&districts=A`);
    await screen.findByRole('article', { name: 'Dr Chan 1' }, { timeout: 15_000 });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Result pages' })).getByRole('button', {
        name: 'Page 2',
      }),
    );
    await screen.findByRole('article', { name: 'Dr Chan 21' });
    const before = searches.length;

    await user.click(screen.getByRole('button', { name: /^Filter \(/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(drawer).getByRole('button', { name: /^Districts/ }));
    const districts = await screen.findByRole('dialog', { name: 'Districts' });
    await user.click(within(districts).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Districts' })).not.toBeInTheDocument();
    });
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    });

    expect(screen.getByRole('article', { name: 'Dr Chan 21' })).toBeInTheDocument();
    expect(searches.length).toBe(before);
  });
});

describe('doctor finder landing', { timeout: 30_000 }, () => {
  it('restores stored filters with the search text cleared, and starts the search', async () => {
    window.localStorage.setItem(
      'panel-doctor-search-params-go',
      JSON.stringify({
        districts: ['B'],
        services: ['1'],
        specialties: [],
        searchText: 'old',
        price: [100, 500],
      }),
    );
    stubFinderFetch();
    const user = userEvent.setup();
    const { router } = renderApp('/en/outpatient/doctor-list/go/GO1');

    await screen.findByRole('heading', { level: 1, name: 'Find a panel doctor' });
    expect(await screen.findByRole('button', { name: 'Remove Wan Chai' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove General Practitioner' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start searching' }));

    await waitFor(() => {
      expect(router.state.location.search).toBe('?p=&districts=B&services=1&price=100%2C500');
    });
  });

  it('drops stored codes the network no longer knows before they are written anywhere', async () => {
    window.localStorage.setItem(
      'panel-doctor-search-params-go',
      JSON.stringify({
        districts: ['B', 'ZZ'],
        services: ['1', '999'],
        specialties: ['no-such-specialty'],
        searchText: '',
        price: null,
      }),
    );
    const { searches } = stubFinderFetch();
    const user = userEvent.setup();
    const { router } = renderApp('/en/outpatient/doctor-list/go/GO1');
    const seen: string[] = [];
    const unsubscribe = router.subscribe((state) => {
      seen.push(state.location.search);
    });

    await screen.findByRole('heading', { level: 1, name: 'Find a panel doctor' });
    expect(await screen.findByRole('button', { name: 'Remove Wan Chai' })).toBeInTheDocument();
    const start = screen.getByRole('button', { name: 'Start searching' });
    await waitFor(() => {
      expect(start).toBeEnabled();
    });
    await user.click(start);

    await waitFor(() => {
      expect(router.state.location.search).toBe('?p=&districts=B&services=1');
    });
    unsubscribe();
    // Never in the address, in storage or in a query, not even for a moment.
    expect(seen.filter((search) => /ZZ|999|no-such/.test(search))).toEqual([]);
    expect(window.localStorage.getItem('panel-doctor-search-params-go')).not.toMatch(
      /ZZ|999|no-such/,
    );
    expect(JSON.stringify(searches)).not.toMatch(/ZZ|999|no-such/);
  });

  it('picks a service in the master-detail picker and leaves out Macau from the districts', async () => {
    stubFinderFetch();
    const user = userEvent.setup();
    const { router } = renderApp('/en/outpatient/doctor-list/outpatient/OP1000001');

    await user.click(await screen.findByRole('button', { name: /Services and specialties/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Services and specialties' });
    await user.click(within(dialog).getByRole('button', { name: 'Specialist Practitioner' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cardiology' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Search' }), 'zzz');
    expect(within(dialog).getByText('No results found for the typed text')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Search' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Search' }), '物理');
    expect(within(dialog).getByRole('checkbox', { name: 'Physiotherapy' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await user.click(await screen.findByRole('button', { name: 'Start searching' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?p=&specialties=cardiology');
    });

    // The district picker (in the phone's filter drawer) lists Hong Kong's regions only.
    await user.click(await screen.findByRole('button', { name: /^Filter \(/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(drawer).getByRole('button', { name: /^Districts/ }));
    const districts = await screen.findByRole('dialog', { name: 'Districts' });
    expect(within(districts).getByRole('button', { name: 'Hong Kong Island' })).toBeInTheDocument();
    expect(within(districts).queryByRole('button', { name: 'Macau' })).not.toBeInTheDocument();
    await user.type(within(districts).getByRole('textbox', { name: 'Search' }), 'Macau');
    expect(within(districts).getByText('No results found for the typed text')).toBeInTheDocument();
    expect(
      within(districts).queryByRole('checkbox', { name: 'Macau Peninsula' }),
    ).not.toBeInTheDocument();
  });
});
