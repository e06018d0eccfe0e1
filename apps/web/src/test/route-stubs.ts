// For the tests of calls made without their route tables (shell-routes, the portal's landing):
// a stubbed fetch answering one body, and the check that a call matches its route-table entry.
import { successSchema } from '@clinicpass/shared/contracts/route';
import { expect, vi } from 'vitest';

/** Stubs the global fetch with one 200 JSON answer (and headers); returns the mock. */
export function answer(body: unknown, headers: Record<string, string> = {}) {
  const fetch = vi.fn(
    (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json', ...headers },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A call's method, area, path and answer schema are its route-table entry's. */
export function expectSameRoute(
  route: { method: string; area: string; path: string; response: unknown },
  entry: Parameters<typeof successSchema>[0] & { method: string; area: string; path: string },
) {
  expect({ method: route.method, area: route.area, path: route.path }).toEqual({
    method: entry.method,
    area: entry.area,
    path: entry.path,
  });
  expect(route.response).toBe(successSchema(entry));
}
