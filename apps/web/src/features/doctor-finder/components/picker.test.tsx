import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';

import { Picker } from './picker';

/** A picker of two codes whose draft toggles `B`; jsdom has no wide screen, so a drawer. */
function renderPicker(value: string[], onCommit: (value: string[]) => void) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Picker<string[]>
        label="Codes"
        summary="summary"
        value={value}
        empty={[]}
        onCommit={onCommit}
      >
        {({ draft, setDraft }) => (
          <button
            type="button"
            onClick={() => {
              setDraft(
                draft.includes('B') ? draft.filter((code) => code !== 'B') : [...draft, 'B'],
              );
            }}
          >
            Toggle B
          </button>
        )}
      </Picker>
    </AppProviders>,
  );
}

async function openPicker(user: ReturnType<typeof userEvent.setup>) {
  // A drawer still closing hides the page from the accessibility tree: wait for it to go.
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
  await user.click(screen.getByRole('button', { name: /^Codes/ }));
  return screen.findByRole('dialog', { name: 'Codes' });
}

describe('picker commit', { timeout: 30_000 }, () => {
  it('commits nothing when saved or closed without a change', async () => {
    const onCommit = vi.fn();
    const user = userEvent.setup();
    renderPicker(['A'], onCommit);

    let dialog = await openPicker(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Toggled off and on again: the same value.
    dialog = await openPicker(user);
    await user.click(within(dialog).getByRole('button', { name: 'Toggle B' }));
    await user.click(within(dialog).getByRole('button', { name: 'Toggle B' }));
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('commits the draft when it changed, on save and on close', async () => {
    const onCommit = vi.fn();
    const user = userEvent.setup();
    renderPicker(['A'], onCommit);

    let dialog = await openPicker(user);
    await user.click(within(dialog).getByRole('button', { name: 'Toggle B' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onCommit).toHaveBeenLastCalledWith(['A', 'B']);

    dialog = await openPicker(user);
    await user.click(within(dialog).getByRole('button', { name: 'Clear all' }));
    await user.keyboard('{Escape}');
    expect(onCommit).toHaveBeenLastCalledWith([]);
    expect(onCommit).toHaveBeenCalledTimes(2);
  });
});
