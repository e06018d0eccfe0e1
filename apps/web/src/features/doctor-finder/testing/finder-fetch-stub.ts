// A stand-in for the finder's GraphQL endpoint in component tests: answers each query (sent as
// GET, the query and its variables in the URL) from a small fixed network, and records the
// variables of every service-point query, and the member's tickets (decision 168).
import type { Ticket } from '@clinicpass/shared/schemas/outpatient';
import { vi } from 'vitest';
import { z } from 'zod';

import type { CountryRegion, HealthcareService, ServicePoint } from '../model/types';

const district = (code: string, en: string, zh: string) => ({
  code,
  name: en,
  name_en: en,
  name_zh: zh,
});

export const REGIONS: CountryRegion[] = [
  {
    id: 1,
    sequence: 1,
    code: 'hong-kong-island',
    name: 'Hong Kong Island',
    name_en: 'Hong Kong Island',
    name_zh: '香港島',
    districts: [
      district('A', 'Central and Western', '中西區'),
      district('B', 'Wan Chai', '灣仔區'),
    ],
  },
  {
    id: 4,
    sequence: 4,
    code: 'macau',
    name: 'Macau',
    name_en: 'Macau',
    name_zh: '澳門',
    districts: [district('MO-PEN', 'Macau Peninsula', '澳門半島')],
  },
];

const serviceBase = {
  description: '',
  description_en: '',
  description_zh: '',
  create_date: '2026-01-01',
  update_date: '2026-01-01',
  specialties: [],
};

export const SERVICES: HealthcareService[] = [
  {
    ...serviceBase,
    id: 1,
    slug: 'general-practitioner',
    code: 'GP',
    category: 'general-practitioner',
    sequence: 1,
    name: 'General Practitioner',
    name_en: 'General Practitioner',
    name_zh: '普通科醫生',
  },
  {
    ...serviceBase,
    id: 2,
    slug: 'specialist',
    code: 'SP',
    category: 'specialist-practitioner',
    sequence: 2,
    name: 'Specialist',
    name_en: 'Specialist',
    name_zh: '專科醫生',
    specialties: [
      { id: 1, slug: 'cardiology', description_en: 'Cardiology', description_zh: '心臟科' },
    ],
  },
  {
    ...serviceBase,
    id: 3,
    slug: 'physiotherapy',
    code: 'PHS',
    category: 'others',
    sequence: 3,
    name: 'Physiotherapy',
    name_en: 'Physiotherapy',
    name_zh: '物理治療',
  },
];

export function servicePoint(id: number, districtCode = 'A'): ServicePoint {
  const d =
    REGIONS[0]?.districts.find((item) => item.code === districtCode) ??
    district(districtCode, districtCode, districtCode);
  return {
    id,
    is_bookmarked: false,
    create_date: '2026-01-01',
    update_date: '2026-01-01',
    doctor: {
      id,
      name_en: `Dr Chan ${id}`,
      name_zh: `陳醫生${id}`,
      phones: [{ no: '2345 6789' }],
      payment_info: [
        { service: { code: 'PHS' }, amount: 150, marked_price: 230, treatment_properties: [] },
      ],
    },
    venue: {
      id,
      name_en: `Clinic ${id}`,
      name_zh: `診所${id}`,
      district: d,
      address: { line_one: `${id} Queen's Road Central`, line_two: `皇后大道中${id}號` },
    },
    service: {
      id: 3,
      slug: 'physiotherapy',
      code: 'PHS',
      name: 'Physiotherapy',
      name_en: 'Physiotherapy',
      name_zh: '物理治療',
    },
    specialty: null,
    last_verified_at: '2026-11-02T02:00:00.000Z',
    details_stale: false,
    flagged: false,
    opening: {
      state: 'open',
      until: '13:00',
      opens_at: null,
      open_sunday: false,
      hours_text: null,
      hours_note: null,
    },
  };
}

/** What a test says of a ticket; the rest of its answer is filled in. */
export type StubTicket = Pick<Ticket, 'type' | 'token' | 'effective_date'> & Partial<Ticket>;

/** A whole ticket as the `tickets` query answers it. */
export function ticketOf(ticket: StubTicket): Ticket {
  return {
    number: `N-${ticket.token}`,
    expiry_date: '2099-12-31',
    enabled: true,
    name_en: 'Chan Tai Man',
    name_zh: '陳大文',
    service_types: [],
    policy_number: 'OP1000001',
    membership_number: 'M0001',
    holder_name_en: 'Chan Tai Man',
    holder_name_zh: '陳大文',
    token_expires_at: '2099-12-31T00:00:00.000Z',
    ...ticket,
  };
}

type StubSearchAnswer = { results: ServicePoint[]; total: number } | { error: string };

export interface StubOptions {
  /** Tickets answered to a tickets query (with the headers it came with). */
  tickets?: (headers: Headers) => StubTicket[];
  /** Service points for a search (by its variables); default: 45 in district A. */
  servicePoints?: (
    variables: Record<string, unknown>,
  ) => StubSearchAnswer | Promise<StubSearchAnswer>;
  /**
   * Answers a REST call (`GET /identity/me`, bookmarks, medical cards) by method and path; the
   * default for `/identity/me` is a guest. Returning undefined falls through to GraphQL.
   */
  rest?: (
    method: string,
    path: string,
    headers: Headers,
    body: string | undefined,
  ) => { status?: number; body: unknown } | undefined;
}

const Variables = z.record(z.string(), z.unknown());

const GUEST = { signed_in: false, user: null, tag: 'guest' };

/** Replaces fetch for one test; returns the recorded service-point variables. */
export function stubFinderFetch(options: StubOptions = {}) {
  const searches: Record<string, unknown>[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((url, init) => {
    const href = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
    const { pathname: path, searchParams } = new URL(href, 'http://localhost');
    if (!path.endsWith('/graphql')) {
      const method = init?.method ?? 'GET';
      const answer =
        options.rest?.(
          method,
          path,
          new Headers(init?.headers),
          typeof init?.body === 'string' ? init.body : undefined,
        ) ?? (path === '/identity/me' ? { body: GUEST } : undefined);
      if (answer !== undefined) {
        return Promise.resolve(
          new Response(JSON.stringify(answer.body), {
            status: answer.status ?? 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }
    }
    // Sent as GET: the query and its variables travel in the URL.
    const body = {
      query: searchParams.get('query') ?? '',
      variables: Variables.parse(JSON.parse(searchParams.get('variables') ?? '{}')),
    };
    const json = (data: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(data), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    if (body.query.includes('countryRegions')) {
      return json({
        data: { countryRegions: { results: REGIONS, pagination: { start: 0, end: 1, total: 2 } } },
      });
    }
    if (body.query.includes('services(')) {
      return json({
        data: { services: { results: SERVICES, pagination: { start: 0, end: 2, total: 3 } } },
      });
    }
    if (body.query.includes('tickets(') && options.tickets !== undefined) {
      return json({ data: { tickets: options.tickets(new Headers(init?.headers)).map(ticketOf) } });
    }
    if (body.query.includes('servicePoints')) {
      const variables = body.variables;
      searches.push(variables);
      const respond = (answer: StubSearchAnswer) => {
        if ('error' in answer) {
          return json({
            data: null,
            errors: [{ message: answer.error, extensions: { code: answer.error } }],
          });
        }
        const page = Number(variables.page) || 1;
        const start = (page - 1) * 20;
        return json({
          data: {
            servicePoints: {
              results: answer.results,
              pagination: { start, end: start + answer.results.length - 1, total: answer.total },
            },
          },
        });
      };
      const answer = options.servicePoints?.(variables) ?? {
        results: Array.from({ length: 20 }, (_, index) =>
          servicePoint(index + 1 + ((Number(variables.page) || 1) - 1) * 20),
        ),
        total: 45,
      };
      return answer instanceof Promise ? answer.then(respond) : respond(answer);
    }
    return json({
      data: null,
      errors: [{ message: 'not stubbed', extensions: { code: 'unauthorized' } }],
    });
  });
  return { searches };
}
