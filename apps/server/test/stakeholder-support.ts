// Helpers of the stakeholder, reference-list, application-case, partner and root-secret tests:
// one request as a named user (or a guest), and the shape checks every list and error shares.
import { and, eq } from 'drizzle-orm';
import type { Response as LightResponse } from 'light-my-request';
import { expect } from 'vitest';
import { applicationCase } from '../src/db/stakeholder-schema';
import type { PolicyTestApp } from './policy-support';

export interface Page<Item> {
  results: Item[];
  pagination: { start: number; end: number; total: number };
}

export interface CallOptions {
  user?: string;
  body?: unknown;
  headers?: Record<string, string>;
  area?: 'customer' | 'root' | 'partnership';
}

export async function call(
  t: PolicyTestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<LightResponse> {
  return t.app.inject({
    method,
    url: `/api/${options.area ?? 'customer'}${url}`,
    headers: {
      ...(options.user === undefined ? {} : { 'x-test-user': options.user }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/** A 400 `validation_error` whose issues name `path`. */
export function expectFieldError(res: LightResponse, path: string): void {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ code: string; details: { issues: { path: string }[] } }>();
  expect(body.code).toBe('validation_error');
  expect(body.details.issues.map((issue) => issue.path)).toContain(path);
}

/** An error answer with this status and code, and nothing else in it. */
export function expectError(res: LightResponse, status: number, code: string): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ code: string }>();
  expect(body.code).toBe(code);
  expect(Object.keys(body)).not.toContain('results');
}

/** The id of the seeded draft application case of `email`. */
export async function draftCaseOf(t: PolicyTestApp, email: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: applicationCase.id })
    .from(applicationCase)
    .where(
      and(eq(applicationCase.userId, await t.userId(email)), eq(applicationCase.status, 'draft')),
    );
  if (!row) throw new Error(`no draft of ${email}`);
  return row.id;
}
