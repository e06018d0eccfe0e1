// The member view token (DESIGN "Personal data"): kept in session storage, so it goes with the
// tab, and only until it expires (30 minutes). The HKID and phone are never stored.
import { MEMBER_VIEW_TOKEN_STORAGE_KEY } from '@clinicpass/shared/schemas/outpatient';
import { z } from 'zod';

const StoredViewTokenSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type StoredViewToken = z.infer<typeof StoredViewTokenSchema>;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readViewToken(now: Date = new Date()): StoredViewToken | null {
  const raw = storage()?.getItem(MEMBER_VIEW_TOKEN_STORAGE_KEY) ?? null;
  if (raw === null) return null;
  try {
    const value = StoredViewTokenSchema.safeParse(JSON.parse(raw));
    if (value.success && Date.parse(value.data.expiresAt) > now.getTime()) return value.data;
  } catch {
    // unreadable: dropped below
  }
  clearViewToken();
  return null;
}

export function storeViewToken(value: StoredViewToken): void {
  storage()?.setItem(MEMBER_VIEW_TOKEN_STORAGE_KEY, JSON.stringify(value));
}

export function clearViewToken(): void {
  storage()?.removeItem(MEMBER_VIEW_TOKEN_STORAGE_KEY);
}
