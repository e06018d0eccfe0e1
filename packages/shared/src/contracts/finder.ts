// Route table: the doctor finder's REST calls (customer area, readable without sign-in,
// decision 012): the service-point searches of both panels and of a group policy, bookmarks.
import {
  BookmarkResultSchema,
  ServicePointIdParamsSchema,
  ServicePointListSchema,
  ServicePointQuerySchema,
} from '../schemas/finder';
import { defineRoute } from './route';

const tags = ['finder'] as const;

const SEARCH_ERRORS = ['validation_error', 'no_access', 'not_found', 'limit_exceeded'] as const;

/** Setting and removing a bookmark: one path, two methods. */
function bookmarkRoute<const Method extends 'PUT' | 'DELETE'>(method: Method, summary: string) {
  return defineRoute({
    method,
    area: 'customer',
    path: '/service-point/:id/bookmark',
    params: ServicePointIdParamsSchema,
    responses: { 200: BookmarkResultSchema },
    errors: ['validation_error', 'unauthenticated', 'not_found', 'limit_exceeded'],
    auth: 'customer',
    tags,
    summary,
  });
}

export const finderContract = {
  searchPrimaryPanel: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/policy/service-point',
    query: ServicePointQuerySchema,
    responses: { 200: ServicePointListSchema },
    errors: SEARCH_ERRORS,
    auth: 'optional',
    tags,
    summary: 'Search the primary panel (policy number required)',
  }),
  searchSecondPanel: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/policy/service-point/outpatient-go',
    query: ServicePointQuerySchema,
    responses: { 200: ServicePointListSchema },
    errors: SEARCH_ERRORS,
    auth: 'optional',
    tags,
    summary: 'Search the second panel',
  }),
  /** The group-policy list takes fewer parameters than the panels. */
  searchGroupPolicy: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/group-policy/service-point',
    query: ServicePointQuerySchema.pick({
      policy_number: true,
      district_codes: true,
      service_ids: true,
      search: true,
      page: true,
      page_size: true,
      near: true,
    }),
    responses: { 200: ServicePointListSchema },
    errors: SEARCH_ERRORS,
    auth: 'optional',
    tags,
    summary: "Search the group policy members' network",
  }),
  setBookmark: bookmarkRoute('PUT', 'Bookmark a service point'),
  removeBookmark: bookmarkRoute('DELETE', 'Remove a bookmark'),
} as const;
