// The member view token (DESIGN "Personal data"): kept in session storage, so it goes with the
// tab, and only until it expires (30 minutes). The HKID and phone are never stored.
import { MEMBER_VIEW_TOKEN_STORAGE_KEY } from '@clinicpass/shared/schemas/outpatient';

export interface StoredViewToken {
  token: string;
  expiresAt: string;
}

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
    const value = JSON.parse(raw) as Partial<StoredViewToken>;
    if (typeof value.token === 'string' && typeof value.expiresAt === 'string') {
      if (Date.parse(value.expiresAt) > now.getTime()) {
        return { token: value.token, expiresAt: value.expiresAt };
      }
    }
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
