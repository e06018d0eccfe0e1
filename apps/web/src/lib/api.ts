/**
 * The web's one API client (spec §7): JSON, weighted Accept-Language, the per-browser
 * transaction id (local storage, renewed daily) and the session service's id as X-Device-Id.
 * Every response passes through `serviceStatus`: a 503 `read_only_mode` keeps a 5-minute
 * read-only cookie, any other response clears it; a 503 `maintenance` switches the app to its
 * maintenance notice. The session itself is an HttpOnly cookie the page never sees.
 */
import './zod-csp';

import { createApiClient, type KeyValueStorage } from '@clinicpass/shared/api-client/client';
import { callRoute } from '@clinicpass/shared/api-client/route-call';
import { READ_ONLY_COOKIE_SECONDS } from '@clinicpass/shared/constants';
import { sessionContract } from '@clinicpass/shared/contracts/session';
import { SESSION_ID_HEADER } from '@clinicpass/shared/schemas/identity';

import { env } from '../config/env';

import { i18n } from './i18n';
import { readPageCookie, writePageCookie } from './page-cookie';

export const DEVICE_ID_STORAGE_KEY = 'session-id';
export const READ_ONLY_COOKIE = 'read-only-mode';

function safeStorage(): KeyValueStorage {
  try {
    const storage = window.localStorage;
    return {
      getItem: (key) => storage.getItem(key),
      setItem: (key, value) => {
        storage.setItem(key, value);
      },
    };
  } catch {
    const items = new Map<string, string>();
    return {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => {
        items.set(key, value);
      },
    };
  }
}

export const storage = safeStorage();

// ------------------------------------------------------------------ service status

export type ServiceStatus = { readOnly: boolean; maintenance: boolean };
type Listener = () => void;
const listeners = new Set<Listener>();
let maintenance = false;
let snapshot: ServiceStatus = { readOnly: false, maintenance: false };

/**
 * How long a read of the read-only cookie stands. Each read of `document.cookie` is a synchronous
 * round trip to the browser's network service, which is busiest while the page loads: the
 * store's snapshot is asked for on every render, and seven reads held the start's tasks
 * ~11–16 ms (decision 227). The cookie changes by this page's own answers (below, which update
 * the kept value at once), by another tab's, or by running out after 5 minutes.
 */
const COOKIE_READ_MS = 1000;
let cookieReadAt = Number.NEGATIVE_INFINITY;
let cookieReadOnly = false;

function readOnlyCookie(): boolean {
  const now = performance.now();
  if (now - cookieReadAt >= COOKIE_READ_MS) {
    cookieReadOnly = readPageCookie(READ_ONLY_COOKIE) !== null;
    cookieReadAt = now;
  }
  return cookieReadOnly;
}

function writeReadOnlyCookie(readOnly: boolean): void {
  writePageCookie(READ_ONLY_COOKIE, readOnly ? '1' : null, {
    maxAgeSeconds: READ_ONLY_COOKIE_SECONDS,
    sameSite: 'Strict',
  });
  cookieReadOnly = readOnly;
  cookieReadAt = performance.now();
}

function publish(): void {
  const next = { readOnly: readOnlyCookie(), maintenance };
  if (next.readOnly !== snapshot.readOnly || next.maintenance !== snapshot.maintenance) {
    snapshot = next;
    for (const listener of listeners) listener();
  }
}

export const serviceStatus = {
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: (): ServiceStatus => {
    const readOnly = readOnlyCookie();
    if (readOnly !== snapshot.readOnly) snapshot = { ...snapshot, readOnly };
    return snapshot;
  },
  /** Sees every API response (spec §7, session). */
  onResponse: (response: Response, { errorCode }: { errorCode: string | null }): void => {
    if (response.status === 503 && errorCode === 'read_only_mode') {
      writeReadOnlyCookie(true);
    } else if (readOnlyCookie()) {
      writeReadOnlyCookie(false);
    }
    maintenance = response.status === 503 && errorCode === 'maintenance';
    publish();
  },
};

// ------------------------------------------------------------------ client

function preferredLanguages(): string[] {
  const list = [i18n.language, ...(typeof navigator === 'undefined' ? [] : navigator.languages)];
  return [...new Set(list.filter((language) => language !== ''))];
}

export const api = createApiClient({
  baseUrl: env.apiBaseUrl,
  storage,
  getLanguages: preferredLanguages,
  getDeviceId: () => storage.getItem(DEVICE_ID_STORAGE_KEY),
  onResponse: (response, info) => {
    serviceStatus.onResponse(response, info);
  },
});

let deviceSession: Promise<void> | undefined;

/** Opens (or resumes) the device session once per page load; its id is kept in local storage. */
export function ensureDeviceSession(): Promise<void> {
  deviceSession ??= (async () => {
    const known = storage.getItem(DEVICE_ID_STORAGE_KEY);
    try {
      const data = await callRoute(api, sessionContract.openSession, {
        headers: known === null ? {} : { [SESSION_ID_HEADER]: known },
      });
      // Written only when it changes: each write is a round trip to the browser (decision 227).
      if (data.session_id !== known) storage.setItem(DEVICE_ID_STORAGE_KEY, data.session_id);
    } catch {
      // The app works without one; the next page load tries again.
    }
  })();
  return deviceSession;
}

/** Asks the API again (the maintenance page's "Try again"); its answer updates the status. */
export function recheckServiceStatus(): Promise<void> {
  deviceSession = undefined;
  return ensureDeviceSession();
}
