// A stand-in for the finder's GraphQL endpoint in component tests: answers each query (sent as
// GET, the query and its variables in the URL) from a small fixed network, and records the
// variables of every service-point query, and the member's tickets (decision 168).
import type { Ticket } from '@clinicpass/shared/schemas/outpatient';
import { vi } from 'vitest';
import { z } from 'zod';

import type { ServicePoint } from '../model/types';

import { REGIONS, SERVICES, servicePoint } from '../model/sample-network';

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
