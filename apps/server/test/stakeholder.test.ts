// Stakeholders of the signed-in customer (issue 7): list, create, detail, PATCH, DELETE; the
// identification number validated and kept as a hash and a mask; other customers' ids → 404.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stakeholder } from '../src/db/stakeholder-schema';
import { hkidLookupHash } from '../src/lib/hkid-hash';
import { TEST_SECRET_KEY } from './constants';
import { buildPolicyTestApp, OTHER, OWNER, PLAIN, type PolicyTestApp } from './policy-support';
import { call, expectError, expectFieldError, type Page } from './stakeholder-support';

const NOW = new Date('2026-11-22T04:00:00+08:00');

interface StakeholderBody {
  id: number;
  name_en: string;
  name_zh: string | null;
  roles: string[];
  identification_document: string;
  identification_document_number: string;
  address: unknown;
  shares_over_threshold: boolean;
  create_date: string;
  update_date: string;
}

const NEW = {
  name_en: 'Wong Siu Ming',
  name_zh: '黃小明',
  roles: ['shareholder', 'director', 'shareholder'],
  identification_document: 'hong-kong-identity-card',
  identification_document_number: 'K123456(0)',
  address: {
    line_one: 'Room 1203, 12/F, Tower 2, Times Square',
    line_two: '1 Matheson Street',
    line_three: null,
    district: 'Causeway Bay',
    country: 'HKG',
  },
  shares_over_threshold: true,
};

let t: PolicyTestApp;
let plainId: number;
beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  const res = await call(t, 'GET', '/stakeholder', { user: PLAIN });
  const first = res.json<Page<StakeholderBody>>().results[0];
  if (!first) throw new Error('demo stakeholder missing');
  plainId = first.id;
});
afterAll(async () => {
  await t.close();
});

describe('GET /stakeholder', () => {
  it('lists only the caller’s own, masked, with Content-Range', async () => {
    const res = await call(t, 'GET', '/stakeholder', { user: PLAIN });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('items 0-0/1');
    const body = res.json<Page<StakeholderBody>>();
    expect(body.results).toEqual([
      expect.objectContaining({
        name_en: 'Chan Tai Man',
        name_zh: '陳大文',
        roles: ['owner', 'director'],
        identification_document: 'hong-kong-identity-card',
        identification_document_number: 'C668***(*)',
        shares_over_threshold: true,
      }),
    ]);
    const other = await call(t, 'GET', '/stakeholder', { user: OTHER });
    expect(other.json<Page<StakeholderBody>>().pagination.total).toBe(0);
    expect(other.headers['content-range']).toBe('items */0');
  });

  it('pages, and refuses a bad page size naming it', async () => {
    for (const number of ['Y987654(3)', 'A123456(3)', 'G123456(A)']) {
      const res = await call(t, 'POST', '/stakeholder', {
        user: OWNER,
        body: { ...NEW, identification_document_number: number },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const page = await call(t, 'GET', '/stakeholder?page=2&page_size=2', { user: OWNER });
    expect(page.headers['content-range']).toBe('items 2-2/3');
    expect(page.json<Page<StakeholderBody>>().results).toHaveLength(1);
    expectFieldError(
      await call(t, 'GET', '/stakeholder?page_size=500', { user: OWNER }),
      'querystring.page_size',
    );
  });

  it('answers a guest 401', async () => {
    expectError(await call(t, 'GET', '/stakeholder'), 401, 'unauthenticated');
    expectError(await call(t, 'POST', '/stakeholder', { body: NEW }), 401, 'unauthenticated');
  });
});

describe('POST /stakeholder', () => {
  it('creates one: roles once each, number masked, only a hash stored', async () => {
    const res = await call(t, 'POST', '/stakeholder', { user: OTHER, body: NEW });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<StakeholderBody>();
    expect(body).toMatchObject({
      name_en: 'Wong Siu Ming',
      roles: ['shareholder', 'director'],
      identification_document_number: 'K123***(*)',
      address: NEW.address,
    });
    expect(body.create_date).toBe(NOW.toISOString());
    const [row] = await t.database.db.select().from(stakeholder).where(eq(stakeholder.id, body.id));
    expect(row?.documentNumberHash).toBe(hkidLookupHash(TEST_SECRET_KEY, 'K1234560'));
    expect(JSON.stringify(row)).not.toContain('123456');
  });

  it('takes a passport number and masks all but its first two characters', async () => {
    const res = await call(t, 'POST', '/stakeholder', {
      user: OTHER,
      body: {
        name_en: 'Jane Smith',
        roles: ['authorized_person'],
        identification_document: 'passport',
        identification_document_number: 'k 1234 5678',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StakeholderBody>()).toMatchObject({
      name_zh: null,
      address: null,
      shares_over_threshold: false,
      identification_document_number: 'K1*******',
    });
  });

  it('refuses the same document twice for one customer with 409', async () => {
    const body = { ...NEW, identification_document_number: 'k123456 (0)' };
    expectError(await call(t, 'POST', '/stakeholder', { user: OTHER, body }), 409, 'conflict');
  });

  it('of concurrent creates of one document, one wins and the others get 409', async () => {
    const body = { ...NEW, identification_document_number: 'G123456(A)' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(t, 'POST', '/stakeholder', { user: OTHER, body })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...NEW, identification_document_number: 'K123456(1)' },
        'body.identification_document_number',
      ],
      [{ ...NEW, identification_document_number: '' }, 'body.identification_document_number'],
      [
        { ...NEW, identification_document: 'passport', identification_document_number: 'AB1' },
        'body.identification_document_number',
      ],
      [{ ...NEW, identification_document: 'driving-licence' }, 'body.identification_document'],
      [{ ...NEW, roles: [] }, 'body.roles'],
      [{ ...NEW, roles: ['chairman'] }, 'body.roles.0'],
      [{ ...NEW, name_en: '  ' }, 'body.name_en'],
      [{ ...NEW, address: { line_one: 'x' } }, 'body.address.country'],
      [{ ...NEW, shares_over_threshold: 'yes' }, 'body.shares_over_threshold'],
    ];
    for (const [body, path] of cases) {
      expectFieldError(await call(t, 'POST', '/stakeholder', { user: PLAIN, body }), path);
    }
    // The refused number is never echoed back.
    const res = await call(t, 'POST', '/stakeholder', {
      user: PLAIN,
      body: { ...NEW, identification_document_number: 'K123456(1)' },
    });
    expect(res.body).not.toContain('123456');
  });

  it('replays a create with the same Idempotency-Key, creating one row', async () => {
    const body = { ...NEW, identification_document_number: 'C668668(9)' };
    const headers = { 'idempotency-key': 'stakeholder-create-1' };
    const first = await call(t, 'POST', '/stakeholder', { user: OWNER, body, headers });
    const second = await call(t, 'POST', '/stakeholder', { user: OWNER, body, headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    const other = await call(t, 'POST', '/stakeholder', {
      user: OWNER,
      body: { ...body, name_en: 'Someone Else' },
      headers,
    });
    expectError(other, 422, 'idempotency_key_reused');
  });
});

describe('GET, PATCH and DELETE /stakeholder/{id}', () => {
  it('reads one of the caller’s own', async () => {
    const res = await call(t, 'GET', `/stakeholder/${plainId}`, { user: PLAIN });
    expect(res.statusCode).toBe(200);
    expect(res.json<StakeholderBody>().id).toBe(plainId);
  });

  it('answers another customer’s id, and a missing one, 404 with no data', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await call(t, method, `/stakeholder/${plainId}`, { user: OWNER });
      expectError(res, 404, 'not_found');
      expect(res.body).not.toContain('Chan');
    }
    expectError(
      await call(t, 'PATCH', `/stakeholder/${plainId}`, { user: OWNER, body: { name_en: 'X' } }),
      404,
      'not_found',
    );
    expectError(await call(t, 'GET', '/stakeholder/999999', { user: PLAIN }), 404, 'not_found');
    const still = await call(t, 'GET', `/stakeholder/${plainId}`, { user: PLAIN });
    expect(still.json<StakeholderBody>().name_en).toBe('Chan Tai Man');
  });

  it('refuses a bad id naming it', async () => {
    expectFieldError(await call(t, 'GET', '/stakeholder/abc', { user: PLAIN }), 'params.id');
    expectFieldError(await call(t, 'DELETE', '/stakeholder/0', { user: PLAIN }), 'params.id');
  });

  it('patches only the fields named', async () => {
    t.clock.set(new Date(NOW.getTime() + 60_000));
    const res = await call(t, 'PATCH', `/stakeholder/${plainId}`, {
      user: PLAIN,
      body: { roles: ['owner'], shares_over_threshold: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<StakeholderBody>();
    expect(body).toMatchObject({
      name_en: 'Chan Tai Man',
      roles: ['owner'],
      shares_over_threshold: false,
      identification_document_number: 'C668***(*)',
    });
    expect(body.update_date).not.toBe(body.create_date);
    t.clock.set(NOW);
  });

  it('re-validates a changed number, and asks for the number when the document type changes', async () => {
    expectFieldError(
      await call(t, 'PATCH', `/stakeholder/${plainId}`, {
        user: PLAIN,
        body: { identification_document: 'passport' },
      }),
      'body.identification_document_number',
    );
    expectFieldError(
      await call(t, 'PATCH', `/stakeholder/${plainId}`, {
        user: PLAIN,
        body: { identification_document_number: 'C668668(1)' },
      }),
      'body.identification_document_number',
    );
    expectFieldError(
      await call(t, 'PATCH', `/stakeholder/${plainId}`, { user: PLAIN, body: {} }),
      'body',
    );
    expectFieldError(
      await call(t, 'PATCH', `/stakeholder/${plainId}`, { user: PLAIN, body: { colour: 'red' } }),
      'body',
    );
    const res = await call(t, 'PATCH', `/stakeholder/${plainId}`, {
      user: PLAIN,
      body: { identification_document: 'passport', identification_document_number: 'E12345678' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StakeholderBody>()).toMatchObject({
      identification_document: 'passport',
      identification_document_number: 'E1*******',
    });
  });

  it('deletes one, after which it is gone', async () => {
    const created = await call(t, 'POST', '/stakeholder', {
      user: PLAIN,
      body: { ...NEW, identification_document_number: 'Y987654(3)' },
    });
    const { id } = created.json<StakeholderBody>();
    const res = await call(t, 'DELETE', `/stakeholder/${id}`, { user: PLAIN });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await call(t, 'GET', `/stakeholder/${id}`, { user: PLAIN }), 404, 'not_found');
    expectError(await call(t, 'DELETE', `/stakeholder/${id}`, { user: PLAIN }), 404, 'not_found');
  });
});
