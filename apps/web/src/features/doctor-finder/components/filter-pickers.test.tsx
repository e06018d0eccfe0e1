import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import type { PriceRange } from '../model/filter-state';

import { PricePicker, useSummary } from './filter-pickers';

function Summary({ names }: { names: string[] }) {
  const summary = useSummary();
  return <p>{summary(names, 'All districts')}</p>;
}

const withProviders = (node: ReactNode) =>
  render(<AppProviders queryClient={createQueryClient()}>{node}</AppProviders>);

describe('picker summary', () => {
  it('lists up to 2 items, counts above 2, and shows the placeholder for none', () => {
    withProviders(
      <>
        <Summary names={[]} />
        <Summary names={['Wan Chai']} />
        <Summary names={['Wan Chai', 'Eastern']} />
        <Summary names={['Wan Chai', 'Eastern', 'Southern']} />
      </>,
    );
    expect(screen.getAllByRole('paragraph').map((p) => p.textContent)).toEqual([
      'All districts',
      'Wan Chai',
      'Wan Chai, Eastern',
      '3 selected',
    ]);
  });
});

/** The primary panel's price dropdown with its value held as the filter bar holds it. */
function PriceHarness({ onCommit }: { onCommit: (value: PriceRange | null) => void }) {
  const [value, setValue] = useState<PriceRange | null>(null);
  return (
    <PricePicker
      value={value}
      onCommit={(next) => {
        onCommit(next);
        setValue(next);
      }}
    />
  );
}

async function openPrice(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
  await user.click(screen.getByRole('button', { name: /^Price range/ }));
  return screen.findByRole('dialog', { name: 'Price range' });
}

const setThumb = (dialog: HTMLElement, name: string, amount: number) => {
  fireEvent.change(within(dialog).getByRole('slider', { name }), { target: { value: amount } });
};

describe('price range dropdown', { timeout: 30_000 }, () => {
  it('commits the slider only on apply, and reset returns it to the current range', async () => {
    const onCommit = vi.fn();
    const user = userEvent.setup();
    withProviders(<PriceHarness onCommit={onCommit} />);
    expect(screen.getByRole('button', { name: /^Price range/ })).toHaveTextContent('Any price');

    let dialog = await openPrice(user);
    // 100–2000 in steps of 100, starting at the default range 100–1000.
    const low = within(dialog).getByRole('slider', { name: 'Lowest price' });
    expect(low).toHaveAttribute('min', '100');
    expect(low).toHaveAttribute('max', '2000');
    expect(low).toHaveAttribute('step', '100');
    expect(low).toHaveValue('100');
    expect(within(dialog).getByRole('slider', { name: 'Highest price' })).toHaveValue('1000');
    setThumb(dialog, 'Lowest price', 300);
    expect(onCommit).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onCommit).toHaveBeenLastCalledWith([300, 1000]);

    // Moved, then reset: back to the current range (300–1000), so nothing new is committed.
    dialog = await openPrice(user);
    setThumb(dialog, 'Highest price', 1500);
    expect(within(dialog).getByRole('slider', { name: 'Highest price' })).toHaveValue('1500');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(within(dialog).getByRole('slider', { name: 'Lowest price' })).toHaveValue('300');
    expect(within(dialog).getByRole('slider', { name: 'Highest price' })).toHaveValue('1000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onCommit).toHaveBeenCalledTimes(1);
  });
});
