import { describe, expect, it } from 'vitest';
import { createApiClient, isApiError } from '../api-client/client';
import type { ApiError } from '../api-client/client';
import { createPlatformClient } from './client';
import { EXAMPLE_BILLING, EXAMPLE_POLICY, EXAMPLE_POLICY_DETAIL } from './entities/examples';
import type { PlatformClient } from './client';
import specData from './spec-extract.json';
import { parseSpecCallPaths } from './spec-lists';

interface Call {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

type Responder = (call: Call) => Response;

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function setup(respond: Responder = () => json({})) {
  const calls: Call[] = [];
  const api = createApiClient({
    baseUrl: 'http://api.test',
    fetch: (url, init) => {
      const call: Call = {
        url: new URL(url),
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return Promise.resolve(respond(call));
    },
    getAccessToken: () => 'token-1',
  });
  return { client: createPlatformClient(api), calls };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const T = '2026-11-22T02:00:00.000Z';
const policy = EXAMPLE_POLICY;
const billing = EXAMPLE_BILLING;
const notFound = () => json({ code: 'not_found', message: 'The item could not be found' }, 404);

describe('platform client: requests', () => {
  it('lists policies with typed filters written into the query', async () => {
    const { client, calls } = setup(() =>
      json({ results: [policy] }, 200, { 'Content-Range': 'items 0-0/1' }),
    );
    const page = await client.listPolicies({
      status: ['in-force', 'free-looking'],
      payment_gateway_type: 'stripe-card',
      profile_id: 4,
      page: 1,
    });
    const { url, method, headers } = calls[0]!;
    expect(method).toBe('GET');
    expect(url.pathname).toBe('/api/customer/policy');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: 'in-force,free-looking',
      payment_gateway_type: 'stripe-card',
      profile_id: '4',
      page: '1',
    });
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(page.results[0]!.policy_number).toBe('OP1000001');
  });

  it('reads pagination from Content-Range before the body', async () => {
    const { client } = setup(() =>
      json({ results: [billing], pagination: { start: 0, end: 0, total: 1 } }, 200, {
        'Content-Range': 'items 20-20/21',
      }),
    );
    const page = await client.listBillings({ page: 2 });
    expect(page.pagination).toEqual({ start: 20, end: 20, total: 21 });
  });

  it('falls back to the body pagination, then to the results, without Content-Range', async () => {
    const withBody = setup(() =>
      json({ results: [billing], pagination: { start: 5, end: 5, total: 6 } }),
    );
    expect((await withBody.client.listBillings()).pagination).toEqual({
      start: 5,
      end: 5,
      total: 6,
    });
    const bare = setup(() => json({ results: [billing, billing] }));
    expect((await bare.client.listBillings()).pagination).toEqual({ start: 0, end: 1, total: 2 });
  });

  it('asks for a policy invoice list as page 1 of 100 by default', async () => {
    const { client, calls } = setup(() =>
      json({ results: [] }, 200, { 'Content-Range': 'items */0' }),
    );
    const page = await client.listPolicyInvoices(7);
    expect(calls[0]!.url.pathname).toBe('/api/customer/policy/7/invoices');
    expect(calls[0]!.url.search).toBe('?page=1&page_size=100');
    expect(page).toEqual({ results: [], pagination: { start: 0, end: 0, total: 0 } });
  });

  it('writes invoice date range filters under their spec names', async () => {
    const { client, calls } = setup(() => json({ results: [] }));
    await client.listInvoices({
      due_date__gte: '2026-01-01',
      due_date__lt: '2027-01-01',
      coverage_start_date: '2026-11-18',
      ordering: '-due_date',
      status: ['open', 'partially-paid'],
    });
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      due_date__gte: '2026-01-01',
      due_date__lt: '2027-01-01',
      coverage_start_date: '2026-11-18',
      ordering: '-due_date',
      status: 'open,partially-paid',
    });
  });

  it('reads a policy detail with its product cash balance', async () => {
    const detail = EXAMPLE_POLICY_DETAIL;
    const { client, calls } = setup(() => json(detail));
    const result = await client.getPolicy(7);
    expect(calls[0]!.url.pathname).toBe('/api/customer/policy/7');
    expect(result.outpatient_cash_balance).toBe(120.5);
    expect(result.intentions.renewal).toBe('undecided');
  });

  it('posts a termination with its body and idempotency key', async () => {
    const { client, calls } = setup(() => json({ ...policy, status: 'terminated' }));
    const result = await client.terminatePolicy(
      7,
      { effective_date: '2026-12-01', reason: 'too-expensive' },
      { idempotencyKey: 'key-123' },
    );
    const { url, method, headers, body } = calls[0]!;
    expect(method).toBe('POST');
    expect(url.pathname).toBe('/api/customer/policy/7/terminate');
    expect(headers.get('Idempotency-Key')).toBe('key-123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(body).toEqual({ effective_date: '2026-12-01', reason: 'too-expensive' });
    expect(result.status).toBe('terminated');
  });

  it('sends an empty JSON object for calls with an empty body', async () => {
    const { client, calls } = setup(() =>
      json({
        id: 2,
        status: 'canceled',
        policy: 'OP1000001',
        type: 'PRODUCT_UPGRADE',
        proposed_effective_date: null,
        product_change: null,
        underwriting_case_id: null,
        profile_mapping_change: null,
        identity_verification_change: null,
        create_date: T,
        update_date: T,
      }),
    );
    const result = await client.cancelServiceRequest(2);
    expect(calls[0]!.url.pathname).toBe('/api/customer/policy/service-request/2/cancel');
    expect(calls[0]!.body).toEqual({});
    expect(result.status).toBe('canceled');
  });

  it('patches a billing with only the fields given', async () => {
    const { client, calls } = setup(() => json({ ...billing, frequency: 'annual' }));
    const result = await client.updateBilling(3, { frequency: 'annual' });
    expect(calls[0]!.method).toBe('PATCH');
    expect(calls[0]!.body).toEqual({ frequency: 'annual' });
    expect(result.frequency).toBe('annual');
  });

  it('redeems a secret in the root area', async () => {
    const { client, calls } = setup(() =>
      json({ kind: 'policy-claim', redirect_to: null, payload: {} }),
    );
    await client.redeemSecret({ token: 'a'.repeat(24) });
    expect(calls[0]!.url.pathname).toBe('/api/root/secret/');
  });

  it('sends the stored session id to the session service', async () => {
    const { client, calls } = setup(() => json({ session_id: 's-1', code: 'resumed' }));
    const session = await client.createSession('s-1');
    expect(calls[0]!.url.pathname).toBe('/session/');
    expect(calls[0]!.headers.get('session-id')).toBe('s-1');
    expect(session).toEqual({ session_id: 's-1', code: 'resumed' });
  });

  it('escapes path segments', async () => {
    const { client, calls } = setup(notFound);
    await caught(client.projectPremium('OP/1 2', {}));
    expect(calls[0]!.url.pathname).toBe('/api/customer/policy/OP%2F1%202/project-premium');
  });

  it('reads the member look-up answer: the tickets, the member and the view token', async () => {
    const ticket = {
      type: 'visit',
      token: 't1',
      effective_date: '2026-11-22',
      expiry_date: '2026-11-23',
      enabled: true,
      name_en: 'Consultation',
      name_zh: '診症',
      service_types: ['GP'],
      policy_number: 'OP1000001',
      membership_number: 'M000123',
      holder_name_en: 'CHAN TAI MAN',
      holder_name_zh: '陳大文',
      token_expires_at: '2026-11-29T02:00:00.000Z',
      number: '1234 5678',
    };
    const member = {
      name_en: 'CHAN TAI MAN',
      name_zh: '陳大文',
      membership_number: 'M000123',
      member_code: 'M000123',
      policy_number: 'OP1000001',
      card_type: 'outpatient-card',
      medical_network_panel: null,
      body_check: {
        checks_per_year: 0,
        effective_date: null,
        status: 'not_covered',
        last_check_date: null,
      },
      covered_services: [],
    };
    const { client, calls } = setup(() =>
      json({
        tickets: [ticket],
        member,
        member_view_token: 'v',
        member_view_token_expires_at: '2026-11-22T03:00:00.000Z',
      }),
    );
    const result = await client.requestMemberTickets(
      { identity_document_number: 'A1234563', phone_number: '91234567' },
      'solved-payload',
    );
    expect(calls[0]!.headers.get('x-captcha')).toBe('solved-payload');
    expect(result.member_view_token).toBe('v');
    expect(result.tickets[0]).toMatchObject({ number: '1234 5678', type: 'visit' });
  });
});

describe('platform client: answers', () => {
  it('maps an error answer to an ApiError with the server code', async () => {
    const { client } = setup(() => json({ code: 'payment_method_in_use', message: 'in use' }, 409));
    const error = await caught(client.deactivatePaymentMethod(5));
    expect(error.status).toBe(409);
    expect(error.code).toBe('payment_method_in_use');
  });

  it('reports an answer that does not match its schema as invalid_response', async () => {
    const { client } = setup(() => json({ ...policy, status: 'in_force' }));
    const error = await caught(
      client.terminatePolicy(7, { effective_date: '2026-12-01', reason: 'other' }),
    );
    expect(error.code).toBe('invalid_response');
  });

  it('resolves a missing default payment method as null', async () => {
    const { client } = setup(notFound);
    await expect(client.getDefaultPaymentMethod()).resolves.toBeNull();
  });

  it('still throws on 404 for a call that needs its item', async () => {
    const { client } = setup(notFound);
    expect((await caught(client.getPolicy(99))).status).toBe(404);
  });

  it('resolves a delete answered with 204 and no body', async () => {
    const { client, calls } = setup(() => new Response(null, { status: 204 }));
    await expect(client.deleteStakeholder(4)).resolves.toBeUndefined();
    expect(calls[0]!.method).toBe('DELETE');
    expect(calls[0]!.url.pathname).toBe('/api/customer/stakeholder/4');
  });
});

// ---------------------------------------------------------------- every call of the spec

type Invoke = (client: PlatformClient) => Promise<unknown>;
/** Each client function: the spec's method and path, the address it must reach, how to call it. */
const CALLS: readonly [spec: string, url: string, invoke: Invoke][] = [
  ['GET /product', '/api/customer/product', (c) => c.listProducts()],
  ['GET /product/{id}', '/api/customer/product/1', (c) => c.getProduct(1)],
  ['GET /product/option', '/api/customer/product/option', (c) => c.listProductOptions()],
  ['GET /product/group', '/api/customer/product/group', (c) => c.listProductGroups()],
  [
    'GET /product/release-content',
    '/api/customer/product/release-content',
    (c) => c.listReleaseContents(),
  ],
  ['GET /service-type', '/api/customer/service-type', (c) => c.listServiceTypes()],
  [
    'GET /outpatient/product',
    '/api/customer/outpatient/product',
    (c) => c.listOutpatientProducts({ application_case_id: 2 }),
  ],
  [
    'GET /product/{id}/eligibility',
    '/api/customer/product/1/eligibility',
    (c) => c.listProductEligibility(1),
  ],
  [
    'GET /product/{id}/benefit',
    '/api/customer/product/1/benefit',
    (c) => c.listProductBenefits(1, { evaluation_date: '2026-11-22' }),
  ],
  [
    'GET /product/{id}/sum-assured-ranges',
    '/api/customer/product/1/sum-assured-ranges',
    (c) => c.listSumAssuredRanges(1),
  ],
  [
    'GET /application-case/{id}/product-option',
    '/api/customer/application-case/2/product-option',
    (c) => c.listApplicationCaseProductOptions(2),
  ],
  [
    'GET /policy/{id}/product-option',
    '/api/customer/policy/7/product-option',
    (c) => c.listPolicyProductOptions(7),
  ],
  ['GET /policy', '/api/customer/policy', (c) => c.listPolicies()],
  ['GET /policy/{id}', '/api/customer/policy/7', (c) => c.getPolicy(7)],
  ['GET /policy/{id}/coverage', '/api/customer/policy/7/coverage', (c) => c.getPolicyCoverage(7)],
  ['GET /policy/{id}/coupon', '/api/customer/policy/7/coupon', (c) => c.listPolicyCoupons(7)],
  [
    'GET /policy/{id}/claim-balance',
    '/api/customer/policy/7/claim-balance',
    (c) => c.getPolicyClaimBalance(7),
  ],
  ['GET /policy/{id}/billing', '/api/customer/policy/7/billing', (c) => c.getPolicyBilling(7)],
  [
    'GET /policy/{id}/product-document',
    '/api/customer/policy/7/product-document',
    (c) => c.listPolicyProductDocuments(7),
  ],
  ['GET /policy/{id}/invoices', '/api/customer/policy/7/invoices', (c) => c.listPolicyInvoices(7)],
  [
    'GET /policy/{id}/projection',
    '/api/customer/policy/7/projection',
    (c) => c.getPolicyProjection(7, { mode: 'premium', projection_years: 3 }),
  ],
  [
    'GET /policy/bulk-projection',
    '/api/customer/policy/bulk-projection',
    (c) => c.getBulkProjection({ policy_number__in: ['OP1000001'] }),
  ],
  [
    'POST /policy/{number}/project-premium',
    '/api/customer/policy/OP1000001/project-premium',
    (c) => c.projectPremium('OP1000001', {}),
  ],
  [
    'GET /policy/medical-card',
    '/api/customer/policy/medical-card',
    (c) => c.listMedicalCards({ policy_number: 'OP1000001' }),
  ],
  [
    'POST /policy/{id}/allocate-benefit',
    '/api/customer/policy/7/allocate-benefit',
    (c) => c.allocateBenefit(7, { benefit: 'GP', amount: 10 }),
  ],
  [
    'POST /policy/{id}/replace-payment-method',
    '/api/customer/policy/7/replace-payment-method',
    (c) => c.replacePaymentMethod(7, { payment_method_id: 5 }),
  ],
  [
    'POST /policy/batch-apply-payment-method',
    '/api/customer/policy/batch-apply-payment-method',
    (c) => c.batchApplyPaymentMethod({ payment_method_id: 5, policy_ids: [7] }),
  ],
  [
    'POST /policy/{id}/terminate',
    '/api/customer/policy/7/terminate',
    (c) => c.terminatePolicy(7, { effective_date: '2026-12-01', reason: 'other' }),
  ],
  [
    'POST /policy/{id}/beneficiaries',
    '/api/customer/policy/7/beneficiaries',
    (c) => c.setBeneficiaries(7, { beneficiaries: [] }),
  ],
  [
    'POST /policy/{id}/retention-selling',
    '/api/customer/policy/7/retention-selling',
    (c) => c.startRetentionSelling(7, { reason: 'other' }),
  ],
  [
    'POST /policy-selling/{id}/accept',
    '/api/customer/policy-selling/8/accept',
    (c) => c.acceptPolicySelling(8),
  ],
  [
    'POST /policy/redeem-validation',
    '/api/customer/policy/redeem-validation',
    (c) => c.validateRedeem({ member_code: 'M1', date_of_birth: '1980-05-01' }),
  ],
  [
    'POST /policy/redeem',
    '/api/customer/policy/redeem',
    (c) => c.redeemPolicy({ member_code: 'M1', date_of_birth: '1980-05-01' }),
  ],
  [
    'POST /group-policy/{id}/remove',
    '/api/customer/group-policy/9/remove',
    (c) =>
      c.removeGroupPolicyMembers(9, {
        member_policy_numbers: ['GM1'],
        effective_date: '2026-12-01',
      }),
  ],
  [
    'GET /group-member-policy/{id}/movement-date-range',
    '/api/customer/group-member-policy/9/movement-date-range',
    (c) => c.getMovementDateRange(9),
  ],
  [
    'GET /policy-event',
    '/api/customer/policy-event',
    (c) => c.listPolicyEvents({ create_date__gte: '2026-01-01' }),
  ],
  [
    'GET /tax-report',
    '/api/customer/tax-report',
    (c) => c.listTaxReports({ policy_number: 'OP1000001' }),
  ],
  [
    'GET /policy-renewal',
    '/api/customer/policy-renewal',
    (c) => c.listPolicyRenewals({ policy_number: 'OP1000001' }),
  ],
  [
    'GET /policy-product-document',
    '/api/customer/policy-product-document',
    (c) => c.listGroupProductDocuments({ no_pagination: true }),
  ],
  [
    'POST /policy-survey-attempt',
    '/api/customer/policy-survey-attempt',
    (c) => c.createSurveyAttempt({ policy: 7, attempt: {} }),
  ],
  [
    'GET /policy-profile-mapping',
    '/api/customer/policy-profile-mapping',
    (c) => c.listPolicyProfileMappings({ role: 'payor' }),
  ],
  [
    'GET /policy-profile-mapping/{id}',
    '/api/customer/policy-profile-mapping/4',
    (c) => c.getPolicyProfileMapping(4),
  ],
  [
    'DELETE /policy-profile-mapping/{id}',
    '/api/customer/policy-profile-mapping/4',
    (c) => c.deletePolicyProfileMapping(4),
  ],
  [
    'POST /policy-profile-mapping',
    '/api/customer/policy-profile-mapping',
    (c) => c.createPolicyProfileMapping({ policy_number: 'OP1000001', role: 'payor', profile: 3 }),
  ],
  [
    'GET /policy/service-request',
    '/api/customer/policy/service-request',
    (c) => c.listServiceRequests({ type__in: ['PRODUCT_UPGRADE'] }),
  ],
  [
    'POST /policy/service-request',
    '/api/customer/policy/service-request',
    (c) => c.createServiceRequest({ policy_number: 'OP1000001', type: 'PRODUCT_UPGRADE' }),
  ],
  [
    'GET /policy/service-request/{id}',
    '/api/customer/policy/service-request/2',
    (c) => c.getServiceRequest(2),
  ],
  [
    'POST /policy/service-request/{id}/submit',
    '/api/customer/policy/service-request/2/submit',
    (c) => c.submitServiceRequest(2),
  ],
  [
    'POST /policy/service-request/{id}/cancel',
    '/api/customer/policy/service-request/2/cancel',
    (c) => c.cancelServiceRequest(2),
  ],
  [
    'GET /policy/service-request/{id}/flow-page',
    '/api/customer/policy/service-request/2/flow-page',
    (c) => c.getServiceRequestFlowPage(2),
  ],
  [
    'GET /policy/service-request/{id}/projection',
    '/api/customer/policy/service-request/2/projection',
    (c) => c.getServiceRequestProjection(2, { projection_years: 2 }),
  ],
  [
    'GET /policy/underwriting/{id}',
    '/api/customer/policy/underwriting/6',
    (c) => c.getUnderwritingCase(6),
  ],
  [
    'GET /policy/underwriting/{id}/questions',
    '/api/customer/policy/underwriting/6/questions',
    (c) => c.listUnderwritingQuestions(6),
  ],
  [
    'POST /policy/underwriting/{id}/answer',
    '/api/customer/policy/underwriting/6/answer',
    (c) => c.answerUnderwriting(6, { answers: [{ question: 1, value: true }] }),
  ],
  [
    'POST /policy/underwriting/{id}/result',
    '/api/customer/policy/underwriting/6/result',
    (c) => c.calculateUnderwritingResult(6),
  ],
  [
    'GET /payment-method',
    '/api/customer/payment-method',
    (c) => c.listPaymentMethods({ status: 'active' }),
  ],
  [
    'POST /payment-method',
    '/api/customer/payment-method',
    (c) => c.createPaymentMethod({ gateway: 'stripe-card', token: 'pm_1' }),
  ],
  ['GET /payment-method/{id}', '/api/customer/payment-method/5', (c) => c.getPaymentMethod(5)],
  [
    'POST /payment-method/{id}/deactivate',
    '/api/customer/payment-method/5/deactivate',
    (c) => c.deactivatePaymentMethod(5),
  ],
  [
    'GET /payment-method/default',
    '/api/customer/payment-method/default',
    (c) => c.getDefaultPaymentMethod(),
  ],
  [
    'POST /payment-method/default',
    '/api/customer/payment-method/default',
    (c) => c.setDefaultPaymentMethod({ payment_method_id: 5 }),
  ],
  [
    'PUT /payment-method/default',
    '/api/customer/payment-method/default',
    (c) => c.replaceDefaultPaymentMethod({ payment_method_id: 5 }),
  ],
  [
    'POST /payment-method/validate-card',
    '/api/customer/payment-method/validate-card',
    (c) =>
      c.validateCard({
        card_number: '4242424242424242',
        exp_month: 12,
        exp_year: 2030,
        cvc: '123',
      }),
  ],
  [
    'POST /payment-gateway/stripe/setup-intent',
    '/api/customer/payment-gateway/stripe/setup-intent',
    (c) => c.createSetupIntent(),
  ],
  [
    'GET /payment-method-profile-mapping',
    '/api/customer/payment-method-profile-mapping',
    (c) => c.listPaymentMethodProfileMappings({ profile_id: 3 }),
  ],
  [
    'POST /payment-method-profile-mapping',
    '/api/customer/payment-method-profile-mapping',
    (c) => c.createPaymentMethodProfileMapping({ role: 'payor', payment_method_id: 5, profile: 3 }),
  ],
  ['GET /invoice', '/api/customer/invoice', (c) => c.listInvoices()],
  ['GET /invoice/{id}', '/api/customer/invoice/12', (c) => c.getInvoice(12)],
  ['GET /billing', '/api/customer/billing', (c) => c.listBillings()],
  ['GET /billing/{id}', '/api/customer/billing/3', (c) => c.getBilling(3)],
  [
    'PATCH /billing/{id}',
    '/api/customer/billing/3',
    (c) => c.updateBilling(3, { payment_method: 5 }),
  ],
  [
    'GET /outpatient/ticket',
    '/api/customer/outpatient/ticket',
    (c) => c.listOutpatientTickets({ policy_id: 'OP1000001' }),
  ],
  [
    'POST /outpatient/member-ticket',
    '/api/customer/outpatient/member-ticket',
    (c) => c.requestMemberTickets({ member_code: 'M1', phone_number: '91234567' }, 'solved'),
  ],
  [
    'POST /outpatient/submit/{id}',
    '/api/customer/outpatient/submit/2',
    (c) => c.submitOutpatientCase(2),
  ],
  ['GET /partner/me', '/api/customer/partner/me', (c) => c.getPartner()],
  [
    'POST /heals/login',
    '/api/customer/heals/login',
    (c) => c.healsLogin({ policy_number: 'OP1000001' }),
  ],
  ['GET /announcement', '/api/customer/announcement', (c) => c.listAnnouncements({ tag: 'guest' })],
  [
    'GET /underwriting/occupations',
    '/api/customer/underwriting/occupations',
    (c) => c.listOccupations(),
  ],
  [
    'GET /incorporation-type',
    '/api/customer/incorporation-type',
    (c) => c.listIncorporationTypes(),
  ],
  ['GET /stakeholder-role', '/api/customer/stakeholder-role', (c) => c.listStakeholderRoles()],
  [
    'GET /environment-setting',
    '/api/customer/environment-setting',
    (c) => c.listEnvironmentSettings(),
  ],
  ['GET /nationality', '/api/customer/nationality', (c) => c.listNationalities()],
  ['GET /bank', '/api/customer/bank', (c) => c.listBanks({ is_active: true, no_pagination: true })],
  ['GET /stakeholder', '/api/customer/stakeholder', (c) => c.listStakeholders()],
  ['GET /stakeholder/{id}', '/api/customer/stakeholder/4', (c) => c.getStakeholder(4)],
  [
    'PATCH /stakeholder/{id}',
    '/api/customer/stakeholder/4',
    (c) => c.updateStakeholder(4, { name_en: 'Chan Tai Man' }),
  ],
  ['DELETE /stakeholder/{id}', '/api/customer/stakeholder/4', (c) => c.deleteStakeholder(4)],
  [
    'POST /stakeholder',
    '/api/customer/stakeholder',
    (c) =>
      c.createStakeholder({
        name_en: 'Chan Tai Man',
        roles: ['director'],
        identification_document: 'passport',
        identification_document_number: 'K1234567',
      }),
  ],
  ['POST /secret/', '/api/root/secret/', (c) => c.redeemSecret({ token: 'a'.repeat(24) })],
  ['GET /country-region', '/api/customer/country-region', (c) => c.listCountryRegions()],
  [
    'GET /health/healthcare-service',
    '/api/customer/health/healthcare-service',
    (c) => c.listHealthcareServices({ provision_slug: 'outpatient-doctors', no_pagination: true }),
  ],
  [
    'GET /policy/service-point',
    '/api/customer/policy/service-point',
    (c) => c.listServicePoints({ policy_number: 'OP1000001', service_ids: [1, 2] }),
  ],
  [
    'GET /policy/service-point/{product}-go',
    '/api/customer/policy/service-point/outpatient-go',
    (c) => c.listGoServicePoints('outpatient'),
  ],
  [
    'GET /group-policy/service-point',
    '/api/customer/group-policy/service-point',
    (c) => c.listGroupServicePoints(),
  ],
  ['POST /session/', '/session/', (c) => c.createSession()],
];

function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

describe('platform client: every call of the spec', () => {
  it.each(CALLS)('%s reaches %s', async (spec, url, invoke) => {
    const { client, calls } = setup(notFound);
    await invoke(client).catch((error: unknown) => {
      if (!isApiError(error) || error.status !== 404) throw error;
    });
    expect(calls).toHaveLength(1);
    expect(`${calls[0]!.method} ${calls[0]!.url.pathname}`).toBe(`${spec.split(' ')[0]!} ${url}`);
  });

  it('has a function for every path of platform-layer §7 and member-app §7', () => {
    const specPaths = [...specData.callPaths.platform, ...specData.callPaths.memberApp];
    expect(specPaths.length).toBeGreaterThan(70);
    const covered = new Set(CALLS.map(([spec]) => normalisePath(spec.split(' ')[1]!)));
    expect(specPaths.filter((path) => !covered.has(path))).toEqual([]);
  });

  it('names only calls the spec has', () => {
    const specPaths = new Set([...specData.callPaths.platform, ...specData.callPaths.memberApp]);
    const extra = CALLS.map(([spec]) => normalisePath(spec.split(' ')[1]!)).filter(
      (path) => !specPaths.has(path),
    );
    expect(extra).toEqual([]);
  });

  it('tests every function of the client', () => {
    const { client } = setup();
    const tested = new Set<string>();
    const recorder = new Proxy(client, {
      get(target, name: string) {
        tested.add(name);
        return Reflect.get(target, name) as unknown;
      },
    });
    for (const [, , invoke] of CALLS) void invoke(recorder).catch(() => undefined);
    expect(Object.keys(client).filter((name) => !tested.has(name))).toEqual([]);
  });
});

describe('spec call path parser', () => {
  it('resolves relative paths against the last path with an id on the line', () => {
    expect(
      parseSpecCallPaths(
        '## 7. Calls\n- GET /policy/underwriting/{id}; GET .../{id}/questions; POST /secret/ (root)\n## 8. Next\n- GET /not-here',
        '## 7.',
      ),
    ).toEqual(['/policy/underwriting/{id}', '/policy/underwriting/{id}/questions', '/secret']);
  });
});
