/**
 * The answers every page asks for from the shell (who is signed in, the announcements), called
 * without their route tables (issue 16, decision 202). A route table module builds every entry's
 * schemas when it loads: the identity table alone put ~1.5 KiB gzip of sign-in, password and
 * phone schemas, and the announcement table the platform's query schemas and enums (~2.8 KiB),
 * into the first load of every page, for one call each. These calls send the same request and
 * validate the answer with the same shared schema as their entries
 * (`identityContract.me`, `announcementContract.listAnnouncements`); `shell-routes.test.ts`
 * holds each to its entry. Other calls go through `callRoute` as before.
 */
import type { ApiArea } from '@clinicpass/shared/api-client/client';
import { MeResponseSchema, type MeResponse } from '@clinicpass/shared/schemas/identity';
import type { ZodType } from 'zod';
import { AnnouncementsResponseSchema } from '@clinicpass/shared/schemas/outpatient';

import { api } from './api';

/** Each call's route (as its route-table entry has it) and answer schema. */
export const SHELL_ROUTES = {
  me: { method: 'GET', area: 'identity', path: '/me', response: MeResponseSchema },
  announcements: {
    method: 'GET',
    area: 'customer',
    path: '/announcement',
    response: AnnouncementsResponseSchema,
  },
} as const satisfies Record<
  string,
  { method: 'GET'; area: ApiArea; path: string; response: ZodType }
>;

/** GET /identity/me: who is signed in (a guest answers `signed_in: false`). */
export async function fetchMe(): Promise<MeResponse> {
  const { method, area, path, response } = SHELL_ROUTES.me;
  return (await api.request({ method, area, path, schema: response })).data;
}
