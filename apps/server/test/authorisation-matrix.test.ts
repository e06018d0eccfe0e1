// The generated authorisation matrix (issues 6 and 7): every route under /api/customer whose
// path takes an id, called by owner@example.com with the ids of objects plain@example.com owns,
// must answer 404 with none of plain's data, and change nothing of plain's.
//
// Routes are collected as the app registers them (an `onRoute` hook), so a new route is in the
// matrix the moment it exists. A route whose kind of object the matrix does not know FAILS the
// test: add one line to KINDS (the path up to its first parameter → the SQL finding an id of
// plain's), or to PUBLIC when the id names a public catalogue row rather than a customer's
// object. A POST whose body must be valid before ownership is checked adds one line to BODIES.
import { addDays, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import { sql, type SQL } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPolicyTestApp, OTHER, OWNER, PLAIN, type PolicyTestApp } from './policy-support';

const PREFIX = '/api/customer';
const NOW = new Date();
const TODAY = hkToday(fixedClock(NOW));

/** Kinds of customer-owned objects: SQL answering the id of one that `user` (plain) owns. */
const KINDS: Record<string, (user: string) => SQL> = {
  '/policy/:id': (u) => sql`SELECT id FROM policy WHERE owner_user_id = ${u} ORDER BY id`,
  '/policy/:number': (u) =>
    sql`SELECT policy_number AS id FROM policy WHERE owner_user_id = ${u} ORDER BY id`,
  '/policy-selling/:id': (u) =>
    sql`SELECT s.id FROM policy_selling s JOIN policy p ON p.id = s.policy_id WHERE p.owner_user_id = ${u}`,
  '/policy-profile-mapping/:id': (u) =>
    sql`SELECT m.id FROM policy_profile_mapping m JOIN policy p ON p.id = m.policy_id WHERE p.owner_user_id = ${u}`,
  '/group-policy/:id': (u) => sql`SELECT id FROM group_policy WHERE admin_user_id = ${u}`,
  '/group-member-policy/:id': (u) =>
    sql`SELECT m.id FROM group_member_policy m JOIN group_policy g ON g.id = m.group_policy_id WHERE g.admin_user_id = ${u}`,
  '/payment-method/:id': (u) => sql`SELECT id FROM payment_method WHERE user_id = ${u} ORDER BY id`,
  '/billing/:id': (u) =>
    sql`SELECT b.id FROM billing b JOIN policy p ON p.id = b.policy_id WHERE p.owner_user_id = ${u}`,
  '/invoice/:id': (u) =>
    sql`SELECT i.id FROM invoice i JOIN policy p ON p.id = i.policy_id WHERE p.owner_user_id = ${u}`,
  '/policy/service-request/:id': (u) =>
    sql`SELECT r.id FROM service_request r JOIN policy p ON p.id = r.policy_id WHERE p.owner_user_id = ${u}`,
  '/policy/underwriting/:id': (u) =>
    sql`SELECT id FROM underwriting_case WHERE user_id = ${u} ORDER BY id`,
  '/stakeholder/:id': (u) => sql`SELECT id FROM stakeholder WHERE user_id = ${u} ORDER BY id`,
  '/application-case/:id': (u) =>
    sql`SELECT id FROM application_case WHERE user_id = ${u} ORDER BY id`,
  '/tax-report/:id': (u) =>
    sql`SELECT r.id FROM tax_report r JOIN policy p ON p.id = r.policy_id WHERE p.owner_user_id = ${u}`,
  '/policy-renewal/:id': (u) =>
    sql`SELECT r.id FROM policy_renewal r JOIN policy p ON p.id = r.policy_id WHERE p.owner_user_id = ${u} ORDER BY r.document IS NULL, r.id`,
  '/claim/:id': (u) =>
    sql`SELECT c.id FROM claim c JOIN policy p ON p.id = c.policy_id WHERE p.owner_user_id = ${u} ORDER BY c.status <> 'open', c.id`,
  '/claim-document/:id': (u) =>
    sql`SELECT d.id FROM claim_document d JOIN claim c ON c.id = d.claim_id JOIN policy p ON p.id = c.policy_id WHERE p.owner_user_id = ${u}`,
  '/outpatient/submit/:id': (u) =>
    sql`SELECT id FROM application_case WHERE user_id = ${u} ORDER BY id`,
};

/** Paths whose id names a public row, not a customer's object, and why. */
const PUBLIC: Record<string, string> = {
  '/product/:id': 'the product catalogue is public',
  '/library/:file': 'the document library prints the public product and scheme literature',
  '/service-point/:id': 'service points are the public network; a bookmark is the caller’s own',
};

/** Bodies valid enough to reach the ownership check, by `METHOD path`; others send `{}`. */
const BODIES: Record<string, unknown> = {
  'PATCH /billing/:id': { frequency: 'annual' },
  // The owner's own demo card (payment method 1): the policy is what is not theirs.
  'POST /policy/:id/replace-payment-method': { payment_method_id: 1 },
  'POST /policy/underwriting/:id/answer': { answers: [{ question: 1, value: true }] },
  'PATCH /stakeholder/:id': { name_en: 'Chan Siu Ming' },
  'POST /policy/:id/terminate': { effective_date: addDays(TODAY, 1), reason: 'other' },
  'POST /policy/:id/retention-selling': { reason: 'too-expensive' },
  'POST /policy/:id/beneficiaries': {
    beneficiaries: [
      {
        identity: { first_name: 'Mei', last_name: 'Chan' },
        relationship_to_insured_life: 'sibling',
        allocation_percentage: 100,
      },
    ],
  },
  'POST /policy/:number/project-premium': {},
  'POST /policy/:id/allocate-benefit': { benefit: 'prescribed-imaging', amount: 1 },
  'POST /group-policy/:id/remove': {
    member_policy_numbers: ['GM2000021'],
    effective_date: TODAY,
  },
};

/** What of plain's must never reach the owner. */
const PLAIN_DATA = ['VH1000003', 'GM2000021', 'Ka Yan', '嘉欣', 'Kowloon', 'plain@example.com'];

interface Route {
  method: string;
  url: string;
}

const routes: Route[] = [];
/** Routes of the clinic area (issue 18), for the clinic role's rows of the matrix. */
const clinicRoutes: Route[] = [];
let t: PolicyTestApp;

function collect(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (method !== 'HEAD' && route.url.startsWith('/api/clinic/')) {
      clinicRoutes.push({ method, url: route.url });
    }
    if (method === 'HEAD' || !route.url.startsWith(`${PREFIX}/`) || !route.url.includes(':')) {
      continue;
    }
    routes.push({ method, url: route.url.slice(PREFIX.length) });
  }
}

/** `/policy/:id/coverage` → `/policy/:id`: the path up to its first parameter. */
function kindOf(url: string): string {
  const match = /^(.*?\/:[A-Za-z_]+)/.exec(url);
  return match?.[1] ?? url;
}

async function plainIdOf(kind: string): Promise<string> {
  const query = KINDS[kind];
  if (!query) throw new Error(`no kind ${kind}`);
  const result = await t.database.db.execute<{ id: string | number }>(query(await t.userId(PLAIN)));
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error(`plain owns no ${kind}: seed or create one`);
  return String(id);
}

/** Plain's rows of each table a call could change, by name: `SELECT json_agg(x …)` per table. */
function plainTables(user: string): Record<string, SQL> {
  const ofPolicy = (table: string) =>
    sql`(SELECT json_agg(x ORDER BY x.id) FROM ${sql.identifier(table)} x
      JOIN policy p ON p.id = x.policy_id WHERE p.owner_user_id = ${user})`;
  const ofUser = (table: string) =>
    sql`(SELECT json_agg(x ORDER BY x.id) FROM ${sql.identifier(table)} x WHERE x.user_id = ${user})`;
  return {
    policies: sql`(SELECT json_agg(p ORDER BY p.id) FROM policy p WHERE owner_user_id = ${user})`,
    terms: sql`(SELECT json_agg(x ORDER BY x.policy_id) FROM policy_terms x
      JOIN policy p ON p.id = x.policy_id WHERE p.owner_user_id = ${user})`,
    parties: ofPolicy('policy_party'),
    sellings: ofPolicy('policy_selling'),
    mappings: ofPolicy('policy_profile_mapping'),
    members: sql`(SELECT json_agg(x ORDER BY x.id) FROM group_member_policy x
      JOIN group_policy g ON g.id = x.group_policy_id WHERE g.admin_user_id = ${user})`,
    events: sql`(SELECT count(*) FROM policy_event x
      JOIN policy p ON p.id = x.policy_id WHERE p.owner_user_id = ${user})`,
    payment_methods: ofUser('payment_method'),
    default_payment_method: sql`(SELECT json_agg(x) FROM default_payment_method x
      WHERE x.user_id = ${user})`,
    payment_method_profiles: sql`(SELECT json_agg(x ORDER BY x.id) FROM payment_method_profile x
      JOIN payment_method m ON m.id = x.payment_method_id WHERE m.user_id = ${user})`,
    billing: ofPolicy('billing'),
    invoices: ofPolicy('invoice'),
    service_requests: ofPolicy('service_request'),
    // The whole row: status, answers, follow-ups, decisions and result.
    underwriting_cases: ofUser('underwriting_case'),
    stakeholders: ofUser('stakeholder'),
    application_cases: ofUser('application_case'),
    claims: ofPolicy('claim'),
  };
}

/** A fingerprint of everything plain owns that a call could change; each part must exist. */
async function plainState(): Promise<string> {
  const tables = plainTables(await t.userId(PLAIN));
  const parts = Object.entries(tables).map(([name, query]) => sql`${name}::text, ${query}`);
  const result = await t.database.db.execute<{ state: Record<string, unknown> }>(
    sql`SELECT json_build_object(${sql.join(parts, sql`, `)}) AS state`,
  );
  const state = result.rows[0]?.state ?? {};
  const empty = Object.keys(tables).filter((name) => state[name] === null);
  // A part plain has none of could not show a change: seed one (or create it in beforeAll).
  expect(empty).toEqual([]);
  return JSON.stringify(state);
}

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW, onRoute: collect });
  // Plain starts a termination, so a retention offer (a policy selling) of theirs exists.
  const plainPolicy = await plainIdOf('/policy/:id');
  const offer = await t.app.inject({
    method: 'POST',
    url: `${PREFIX}/policy/${plainPolicy}/retention-selling`,
    headers: { 'x-test-user': PLAIN },
    payload: { reason: 'too-expensive' },
  });
  expect(offer.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('authorisation matrix', () => {
  it('knows every route with an id under /api/customer (add a kind when this fails)', () => {
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('GET /policy/:id/claim-balance');
    const unknown = routes
      .filter((r) => !(kindOf(r.url) in KINDS) && !(kindOf(r.url) in PUBLIC))
      .map((r) => `${r.method} ${r.url}`);
    expect(unknown).toEqual([]);
  });

  it('answers the owner 404 with none of plain’s data for each of plain’s ids', async () => {
    const before = await plainState();
    const failures: string[] = [];
    const checked: string[] = [];
    for (const route of routes) {
      const kind = kindOf(route.url);
      if (!(kind in KINDS)) continue;
      const id = await plainIdOf(kind);
      const url = route.url.replace(/:[A-Za-z_]+/, encodeURIComponent(id));
      const sendsBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: `${PREFIX}${url}`,
        headers: { 'x-test-user': OWNER },
        ...(sendsBody ? { payload: BODIES[`${route.method} ${route.url}`] ?? {} } : {}),
      });
      checked.push(`${route.method} ${route.url}`);
      // Echoing the id the caller sent tells them nothing; anything else of plain's would.
      const leaked = PLAIN_DATA.filter((text) => text !== id && res.body.includes(text));
      const code = res.statusCode === 404 ? res.json<{ code: string }>().code : null;
      if (res.statusCode !== 404 || code !== 'not_found' || leaked.length > 0) {
        failures.push(
          `${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 160)} ${leaked.join(',')}`,
        );
      }
    }
    expect(failures).toEqual([]);
    // The matrix is not vacuous: it reached these (and every other route with a known kind).
    expect(checked).toEqual(
      expect.arrayContaining([
        'GET /policy/:id',
        'GET /policy/:id/claim-balance',
        'POST /policy/:id/allocate-benefit',
        'POST /policy/:id/terminate',
        'POST /policy/:number/project-premium',
        'POST /policy-selling/:id/accept',
        'GET /policy-profile-mapping/:id',
        'DELETE /policy-profile-mapping/:id',
        'POST /group-policy/:id/remove',
        'GET /group-member-policy/:id/movement-date-range',
      ]),
    );
    expect(await plainState()).toBe(before);
  });
});

// The clinic role (issue 18): an account bound to a venue. Clinic staff reach no customer's
// objects (the same 404 as any other caller), and a customer reaches no clinic route (403; the
// key-only ticket check of decision 106 asks for its key).
describe('authorisation matrix: the clinic role', () => {
  it('answers a customer 403 (or the clinic key’s 401) on every clinic route', async () => {
    expect(clinicRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/clinic/ticket/verify', 'POST /api/clinic/visit/open']),
    );
    const failures: string[] = [];
    for (const route of clinicRoutes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: { 'x-test-user': OWNER },
        ...(route.method === 'POST' ? { payload: { token: 'x'.repeat(30) } } : {}),
      });
      const code = res.json<{ code?: string }>().code;
      const keyOnly = route.url === '/api/clinic/outpatient/ticket/verify';
      const expected = keyOnly ? [401, 'clinic_key_missing'] : [403, 'forbidden'];
      if (res.statusCode !== expected[0] || code !== expected[1]) {
        failures.push(`${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers clinic staff 404 with none of plain’s data for each of plain’s ids', async () => {
    // OTHER becomes clinic staff: bound to a venue of the network.
    await t.database.db.execute(
      sql`INSERT INTO clinic_user_venue (user_id, venue_id)
        SELECT ${await t.userId(OTHER)}, min(id) FROM venue ON CONFLICT DO NOTHING`,
    );
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const kind = kindOf(route.url);
      if (!(kind in KINDS)) continue;
      const id = await plainIdOf(kind);
      const res = await t.app.inject({
        method: 'GET',
        url: `${PREFIX}${route.url.replace(/:[A-Za-z_]+/, encodeURIComponent(id))}`,
        headers: { 'x-test-user': OTHER },
      });
      const leaked = PLAIN_DATA.filter((text) => text !== id && res.body.includes(text));
      if (res.statusCode !== 404 || leaked.length > 0) {
        failures.push(`GET ${route.url} → ${res.statusCode} ${leaked.join(',')}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
