// The typed platform client's service-request and underwriting calls against the real server:
// each answer must pass the client's own schemas.
import type { PlatformClient } from '@clinicpass/shared/platform/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPolicyTestApp, OWNER, platformClientFor, type PolicyTestApp } from './policy-support';

let t: PolicyTestApp;
let client: PlatformClient;

beforeAll(async () => {
  t = await buildPolicyTestApp();
  client = platformClientFor(t, OWNER);
});
afterAll(async () => {
  await t.close();
});

describe('service request and underwriting calls', () => {
  it('list, read, cancel, create, answer, decide, submit and project', async () => {
    const listed = await client.listServiceRequests({
      type__in: ['PRODUCT_UPGRADE', 'IDENTITY_VERIFICATION_CHANGE'],
      ordering: '-create_date',
      page_size: 10,
    });
    expect(listed.pagination.total).toBe(2);
    const open = listed.results.find((r) => r.policy === 'OP1000002');
    if (!open) throw new Error('demo request missing');
    expect((await client.getServiceRequest(open.id)).status).toBe('open');
    const canceled = await client.cancelServiceRequest(open.id, { idempotencyKey: 'cancel-demo' });
    expect(canceled.status).toBe('canceled');

    const created = await client.createServiceRequest(
      { policy_number: 'OP1000002', type: 'PRODUCT_UPGRADE', to_product: 'VHIS-FLEXI' },
      { idempotencyKey: 'upgrade-op2' },
    );
    expect(created.product_change).toEqual({
      from_product: 'OUTPATIENT-GO',
      to_product: 'VHIS-FLEXI',
    });
    expect((await client.getServiceRequestFlowPage(created.id)).page).toBe('underwriting');
    const caseId = created.underwriting_case_id ?? 0;
    expect((await client.getUnderwritingCase(caseId)).status).toBe('draft');
    const questions = await client.listUnderwritingQuestions(caseId);
    expect(questions.pagination.total).toBe(11);
    const idOf = (en: string) =>
      questions.results.find((q) => q.message.en.startsWith(en))?.id ?? 0;
    const answered = await client.answerUnderwriting(caseId, {
      answers: [
        { question: idOf('What is your height'), value: 150 },
        { question: idOf('What is your weight'), value: 42 },
        { question: idOf('Have you smoked'), value: 'no' },
        { question: idOf('How many standard drinks'), value: 'none' },
        { question: idOf('Have you ever been diagnosed'), value: ['asthma'] },
        { question: idOf('Is the condition controlled'), value: 'yes' },
        { question: idOf('In the past 12 months'), value: 'no' },
        { question: idOf('Are you waiting'), value: 'no' },
        { question: idOf('Has a parent'), value: [] },
      ],
    });
    expect(answered.status).toBe('submitted');
    const decided = await client.calculateUnderwritingResult(caseId);
    expect(decided).toMatchObject({ is_complete: true, result: 'EXCLUSION' });
    expect((await client.getServiceRequestFlowPage(created.id)).page).toBe('terms');
    const submitted = await client.submitServiceRequest(created.id, {
      idempotencyKey: 'submit-op2',
    });
    expect(submitted.status).toBe('open');
    const projection = await client.getServiceRequestProjection(created.id, {
      projection_years: 2,
    });
    expect(projection.policy).toBe('OP1000002');
    expect(projection.projection).toHaveLength(2);
  });
});
