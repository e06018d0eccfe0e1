import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { forgetKeptCards } from './kept-card';
import { identityApi } from './identity-api';

import { useSignOut } from './identity';

vi.mock('./kept-card', () => ({
  forgetKeptCards: vi.fn(() => Promise.resolve()),
}));

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

describe('sign-out', () => {
  it('forgets every card kept on this device, even when the server call fails (decision 156)', async () => {
    vi.spyOn(identityApi, 'signOut').mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useSignOut(), { wrapper });
    await expect(result.current()).rejects.toThrow('offline');
    expect(forgetKeptCards).toHaveBeenCalledTimes(1);
  });
});
