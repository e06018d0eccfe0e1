// Product catalogue routes against the seeded database (issue 6, products).
import { addDays, fixedClock, hkToday } from '@clinicpass/shared/time/clock';
import type { Response as LightResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '../src/db/seed/catalogue';
import { buildPolicyTestApp, type PolicyTestApp } from './policy-support';

const NOW = new Date('2026-11-22T04:00:00+08:00');
const TODAY = hkToday(fixedClock(NOW));

let t: PolicyTestApp;
beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
});
afterAll(async () => {
  await t.close();
});

interface Page<Item> {
  results: Item[];
  pagination: { start: number; end: number; total: number };
}
interface ProductBody {
  id: number;
  code: string;
  product_type: string;
  type: string | null;
  require_sum_assured: boolean;
  valid_date_of_birth_from: string;
  valid_date_of_birth_to: string;
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the body it expects
async function get<Body = unknown>(url: string): Promise<{ res: LightResponse; body: Body }> {
  const res = await t.app.inject({ url: `/api/customer${url}` });
  return { res, body: res.json() };
}

async function productId(code: string): Promise<number> {
  const { body } = await get<Page<ProductBody>>(`/product?code=${code}`);
  const found = body.results[0];
  if (!found) throw new Error(`no ${code}`);
  return found.id;
}

function expectFieldError(res: { statusCode: number; json: () => unknown }, path: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { code: string; details: { issues: { path: string }[] } };
  expect(body.code).toBe('validation_error');
  expect(body.details.issues.map((issue) => issue.path)).toContain(path);
}

describe('GET /product', () => {
  it('lists the three seeded products to a guest, with Content-Range', async () => {
    const { res, body } = await get<Page<ProductBody>>('/product');
    expect(res.statusCode).toBe(200);
    expect(body.results.map((p) => p.code)).toEqual(['OUTPATIENT-GO', 'VHIS-FLEXI', 'TERM-10']);
    // The spec's English names and their Chinese beside them (decision 222).
    expect(body.results[0]).toMatchObject({
      full_name: 'ClinicPass Outpatient Plan',
      short_name: 'Outpatient Plan',
      full_name_zh: 'ClinicPass 門診計劃',
      short_name_zh: '門診計劃',
    });
    expect(body.pagination).toEqual({ start: 0, end: 2, total: 3 });
    expect(res.headers['content-range']).toBe('items 0-2/3');
  });

  it('filters by product type and by code', async () => {
    const byType = await get<Page<ProductBody>>('/product?product_type=vhis');
    expect(byType.body.results.map((p) => [p.code, p.type])).toEqual([['VHIS-FLEXI', 'vhis']]);
    const byCode = await get<Page<ProductBody>>('/product?code=TERM-10');
    expect(byCode.body.results.map((p) => [p.code, p.require_sum_assured])).toEqual([
      ['TERM-10', true],
    ]);
    const none = await get<Page<ProductBody>>('/product?code=NOPE');
    expect(none.body.results).toEqual([]);
    expect(none.res.headers['content-range']).toBe('items */0');
  });

  it('pages', async () => {
    const { res, body } = await get<Page<ProductBody>>('/product?page=2&page_size=2');
    expect(body.results.map((p) => p.code)).toEqual(['TERM-10']);
    expect(res.headers['content-range']).toBe('items 2-2/3');
  });

  it('refuses a bad page size naming the field', async () => {
    expectFieldError((await get('/product?page_size=0')).res, 'querystring.page_size');
    expectFieldError((await get('/product?page=x')).res, 'querystring.page');
  });
});

describe('GET /product/{id}', () => {
  it('answers one product with the birth dates its issue ages allow today', async () => {
    const id = await productId('TERM-10');
    const { res, body } = await get<ProductBody>(`/product/${id}`);
    expect(res.statusCode).toBe(200);
    expect(body.code).toBe('TERM-10');
    // 18 to 60 years: the youngest was born 18 years ago today, the oldest one day short of 61.
    expect(body.valid_date_of_birth_to).toBe(`${Number(TODAY.slice(0, 4)) - 18}${TODAY.slice(4)}`);
    expect(body.valid_date_of_birth_from).toBe(
      addDays(`${Number(TODAY.slice(0, 4)) - 61}${TODAY.slice(4)}`, 1),
    );
  });

  it('answers 404 for an unknown product and 400 for an id that is not a number', async () => {
    const missing = await get<{ code: string }>('/product/99999');
    expect(missing.res.statusCode).toBe(404);
    expect(missing.body.code).toBe('not_found');
    expectFieldError((await get('/product/abc')).res, 'params.id');
  });
});

describe('catalogue lists', () => {
  it.each([
    ['/product/option', 3],
    ['/product/group', 2],
    ['/product/release-content', 2],
    ['/service-type', 5],
  ])('%s lists the seeded rows', async (url, total) => {
    const { res, body } = await get<Page<unknown>>(url);
    expect(res.statusCode).toBe(200);
    expect(body.pagination.total).toBe(total);
    expect(res.headers['content-range']).toBe(`items 0-${total - 1}/${total}`);
  });

  it('gives a service code one meaning in the service types and the finder catalogue', async () => {
    // Decision 132: BST is bonesetting (the fee label "Bonesetting fee", spec member-app §3);
    // body check has its own code.
    const { body } =
      await get<Page<{ code: string; name_en: string; name_zh: string }>>('/service-type');
    for (const type of body.results) {
      const service = SERVICES.find((candidate) => candidate.code === type.code);
      if (service === undefined) continue;
      expect(service.nameEn.toLowerCase()).toContain(type.name_en.toLowerCase());
    }
    expect(body.results.find((type) => type.code === 'BST')?.name_en ?? 'Bonesetting').toBe(
      'Bonesetting',
    );
    const bodyCheck = body.results.find((type) => type.name_en === 'Body check');
    expect(bodyCheck).toMatchObject({ code: 'BC', name_zh: '身體檢查' });
    expect(SERVICES.filter((service) => service.code === bodyCheck?.code)).toEqual([]);
    expect(SERVICES.find((service) => service.code === 'BST')?.slug).toBe('bonesetter');
  });

  it('names the products of an option by code', async () => {
    const { body } =
      await get<Page<{ type: string; from_product: string; to_product: string }>>(
        '/product/option',
      );
    expect(body.results).toContainEqual(
      expect.objectContaining({
        type: 'cross-sell',
        from_product: 'OUTPATIENT-GO',
        to_product: 'VHIS-FLEXI',
      }),
    );
  });

  it('lists only outpatient products at /outpatient/product', async () => {
    const { body } = await get<Page<ProductBody>>('/outpatient/product');
    expect(body.results.map((p) => p.code)).toEqual(['OUTPATIENT-GO']);
  });

  it('answers 404 for an application case (none exist) and 400 for a bad case id', async () => {
    expect((await get('/outpatient/product?application_case_id=1')).res.statusCode).toBe(404);
    expectFieldError(
      (await get('/outpatient/product?application_case_id=x')).res,
      'querystring.application_case_id',
    );
  });
});

describe('product eligibility, benefits and sum-assured ranges', () => {
  it('lists the eligibility groups with their birth-date windows', async () => {
    const id = await productId('OUTPATIENT-GO');
    const { body } = await get<
      Page<{ code: string; min_issue_age_unit: string; valid_date_of_birth_to: string }>
    >(`/product/${id}/eligibility`);
    expect(body.results.map((e) => e.code)).toEqual(['OUTPATIENT-GO-child', 'OUTPATIENT-GO-adult']);
    expect(body.results[0]?.valid_date_of_birth_to).toBe(addDays(TODAY, -15));
  });

  it('reads benefits as of the evaluation date', async () => {
    const id = await productId('OUTPATIENT-GO');
    const limitOn = async (query: string) => {
      const { body } = await get<Page<{ code: string; limit: number; evaluation_date: string }>>(
        `/product/${id}/benefit${query}`,
      );
      return body.results.find((b) => b.code === 'general-practitioner');
    };
    expect(await limitOn('?evaluation_date=2025-06-01')).toMatchObject({
      limit: 20,
      evaluation_date: '2025-06-01',
    });
    expect(await limitOn('?evaluation_date=2026-02-01')).toMatchObject({ limit: 24 });
    expect(await limitOn('')).toMatchObject({ limit: 24, evaluation_date: TODAY });
    expectFieldError(
      (await get(`/product/${id}/benefit?evaluation_date=2026-02-30`)).res,
      'querystring.evaluation_date',
    );
  });

  it('lists sum-assured ranges of the term product and none of the outpatient plan', async () => {
    const term = await get<
      Page<{ product: string; min_issue_age: number; max_sum_assured: number }>
    >(`/product/${await productId('TERM-10')}/sum-assured-ranges`);
    expect(term.body.results.map((r) => [r.product, r.min_issue_age, r.max_sum_assured])).toEqual([
      ['TERM-10', 18, 5000000],
      ['TERM-10', 46, 2000000],
    ]);
    const outpatient = await get<Page<unknown>>(
      `/product/${await productId('OUTPATIENT-GO')}/sum-assured-ranges`,
    );
    expect(outpatient.body.results).toEqual([]);
  });

  it.each(['eligibility', 'benefit', 'sum-assured-ranges'])(
    '/product/{id}/%s answers 404 for an unknown product',
    async (part) => {
      expect((await get(`/product/99999/${part}`)).res.statusCode).toBe(404);
    },
  );
});

describe('OpenAPI', () => {
  it('documents every product route', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    for (const path of [
      '/api/customer/product',
      '/api/customer/product/option',
      '/api/customer/product/group',
      '/api/customer/product/release-content',
      '/api/customer/service-type',
      '/api/customer/outpatient/product',
      '/api/customer/product/{id}',
      '/api/customer/product/{id}/eligibility',
      '/api/customer/product/{id}/benefit',
      '/api/customer/product/{id}/sum-assured-ranges',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
  });
});
