// Paying an invoice online (issue 42, decision 337), with the stand-in card provider: an open or
// partially paid invoice of the owner's policy, paid with one of their active cards, becomes
// paid, the payment is recorded with the provider's id, the billing is paid to the end of the
// invoice's cover, a receipt is queued by email; a retry under the key pays once; what cannot be
// paid answers its code, and nothing changes.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoice } from '../src/db/billing-schema';
import {
  type ErrorBody,
  expectNotFound,
  type InvoiceBody,
  type MethodBody,
  type Page,
  requests,
} from './billing-support';
import { buildPolicyTestApp, OWNER, PLAIN, type PolicyTestApp } from './policy-support';

let t: PolicyTestApp;
let get: ReturnType<typeof requests>['get'];
let send: ReturnType<typeof requests>['send'];

beforeAll(async () => {
  t = await buildPolicyTestApp();
  ({ get, send } = requests(t));
});
afterAll(async () => {
  await t.close();
});

async function invoices(user = OWNER): Promise<InvoiceBody[]> {
  return (await get('/invoice?page_size=100', user)).json<Page<InvoiceBody>>().results;
}

async function addCard(token: string, user = OWNER): Promise<MethodBody> {
  const res = await send('POST', '/payment-method', { gateway: 'stripe-card', token }, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MethodBody>();
}

/** One of the owner's invoices in `status`, made so if the demo has none left. */
async function invoiceIn(status: string, outstanding = 160.36): Promise<InvoiceBody> {
  const [first] = await invoices();
  if (!first) throw new Error('the owner has no invoice');
  await t.database.db
    .update(invoice)
    .set({ status, outstandingAmount: outstanding })
    .where(eq(invoice.id, first.id));
  const found = (await invoices()).find((item) => item.id === first.id);
  if (!found) throw new Error('invoice gone');
  return found;
}

const pay = (id: number, body: unknown, user = OWNER, key?: string) =>
  send(
    'POST',
    `/invoice/${id}/pay`,
    body,
    user,
    key === undefined ? {} : { 'idempotency-key': key },
  );

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = await t.database.db.execute(query);
  return Number((result.rows[0] as { n: string }).n);
}

describe('POST /invoice/{id}/pay', () => {
  it('pays the outstanding amount with a card, once under its key, and queues a receipt', async () => {
    const card = await addCard('pm_card_visa');
    const open = await invoiceIn('open', 160.36);
    const key = `pay-${open.id}-${Date.now()}`;
    const res = await pay(open.id, { payment_method_id: card.id }, OWNER, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InvoiceBody>()).toMatchObject({
      id: open.id,
      status: 'paid',
      outstanding_amount: 0,
    });
    const payments = await t.database.db.execute(
      sql`SELECT amount, provider, provider_reference FROM invoice_payment WHERE invoice_id = ${open.id}`,
    );
    expect(payments.rows).toEqual([
      {
        amount: '160.36',
        provider: 'stand-in',
        provider_reference: expect.stringMatching(/^pi_standin_/),
      },
    ]);
    // Retried under its key: the stored answer, no second payment.
    const again = await pay(open.id, { payment_method_id: card.id }, OWNER, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(
      await count(sql`SELECT count(*) AS n FROM invoice_payment WHERE invoice_id = ${open.id}`),
    ).toBe(1);
    // The billing is paid to the end of the invoice's cover.
    const billing = await t.database.db.execute(
      sql`SELECT b.paid_to_date::text AS paid FROM billing b JOIN invoice i ON i.billing_id = b.id WHERE i.id = ${open.id}`,
    );
    expect((billing.rows[0] as { paid: string }).paid >= open.coverage_end_date).toBe(true);
    // The receipt, by email in the request's language.
    const number = `INV-${String(open.id).padStart(8, '0')}`;
    const receipts = (await t.app.delivery.outbox()).filter((entry) =>
      entry.subject.includes(number),
    );
    expect(receipts.map(({ channel, to, subject }) => ({ channel, to, subject }))).toEqual([
      { channel: 'email', to: OWNER, subject: `Receipt for invoice ${number}` },
    ]);
    expect(receipts[0]?.body).toContain('HK$160.36');
    // Paid: there is nothing more to pay.
    const twice = await pay(open.id, { payment_method_id: card.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorBody>().code).toBe('invoice_not_payable');
  });

  it('answers a declined card with 402 card_declined and leaves the invoice open', async () => {
    const declining = await addCard('pm_card_visa_chargeDeclined');
    const open = await invoiceIn('open', 88.5);
    const res = await pay(open.id, { payment_method_id: declining.id });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json<ErrorBody>().code).toBe('card_declined');
    const after = (await invoices()).find((item) => item.id === open.id);
    expect(after).toMatchObject({ status: 'open', outstanding_amount: 88.5 });
  });

  it('refuses what is not an active card, a void invoice, and bad input, with codes', async () => {
    const open = await invoiceIn('open', 50);
    // An FPS account pays by the bank's transfer, not online.
    const fps = await send('POST', '/payment-method', {
      gateway: 'fps',
      token: 'fps-account-12345678',
      holder_name: 'CHAN TAI MAN',
    });
    expect(fps.statusCode, fps.body).toBe(200);
    const notCard = await pay(open.id, { payment_method_id: fps.json<MethodBody>().id });
    expect(notCard.statusCode, notCard.body).toBe(409);
    expect(notCard.json<ErrorBody>().code).toBe('payment_method_not_usable');
    const bad = await pay(open.id, { payment_method_id: 'one' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().code).toBe('validation_error');
    const extra = await pay(open.id, { amount: 1 });
    expect(extra.statusCode).toBe(400);
    const path = await send('POST', '/invoice/abc/pay', {});
    expect(path.statusCode).toBe(400);
    const voided = await invoiceIn('void', 0);
    const card = await addCard('pm_card_mastercard');
    const res = await pay(voided.id, { payment_method_id: card.id });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>()).toMatchObject({
      code: 'invoice_not_payable',
      details: { status: 'void' },
    });
  });

  it('answers another customer’s invoice and card as unknown ones', async () => {
    const open = await invoiceIn('open', 20);
    const theirs = await pay(open.id, {}, PLAIN);
    expectNotFound(theirs);
    const plainCard = await addCard('pm_card_amex', PLAIN);
    const withTheirCard = await pay(open.id, { payment_method_id: plainCard.id });
    expectNotFound(withTheirCard);
    const guest = await send('POST', `/invoice/${open.id}/pay`, {}, null);
    expect(guest.statusCode).toBe(401);
    const after = (await invoices()).find((item) => item.id === open.id);
    expect(after).toMatchObject({ status: 'open', outstanding_amount: 20 });
  });
});
