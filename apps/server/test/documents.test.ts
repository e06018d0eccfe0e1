// The generated documents of issue 20 (decision 197) on real PostgreSQL: the PDFs of invoices,
// tax reports, renewal notices and policy schedules reach only their owner (guest 401, another
// customer 404); their text (read back with pdfjs) names the invoice and its amounts; the zh-HK
// PDF's title is Chinese and every character printed has a glyph in the font the PDF embeds; and
// every document link an API answer gives leads to one of these PDFs on our own host.
import { documentPaths, invoiceNumber } from '@clinicpass/shared/platform/documents';
import { formatMoney } from '@clinicpass/shared/platform/format';
import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFace } from '../src/modules/document/pdf';
import { testConfig } from './build-app';
import { buildPolicyTestApp, OTHER, OWNER, PLAIN, type PolicyTestApp } from './policy-support';

let t: PolicyTestApp;

beforeAll(async () => {
  t = await buildPolicyTestApp();
});
afterAll(async () => {
  await t.close();
});

function get(url: string, user: string | null = OWNER, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(user === null ? {} : { 'x-test-user': user }) },
  });
}

interface Extracted {
  title: string;
  lines: string[];
  text: string;
}

/** The PDF's title (document information) and its text, line by line. */
async function readPdf(bytes: Buffer): Promise<Extracted> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const pdf = await task.promise;
  const meta = await pdf.getMetadata();
  const lines: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if ('str' in item && item.str.trim() !== '') lines.push(item.str);
    }
  }
  await task.destroy();
  const title = (meta.info as { Title?: string }).Title ?? '';
  return { title, lines, text: lines.join('\n') };
}

async function idOf(query: ReturnType<typeof sql>): Promise<number> {
  const result = await t.database.db.execute<{ id: number }>(query);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('no row');
  return id;
}

const ownerInvoice = () =>
  idOf(sql`SELECT i.id FROM invoice i JOIN policy p ON p.id = i.policy_id
    WHERE p.policy_number = 'OP1000001' AND i.status = 'partially-paid' ORDER BY i.id LIMIT 1`);
const plainInvoice = () =>
  idOf(sql`SELECT i.id FROM invoice i JOIN policy p ON p.id = i.policy_id
    WHERE p.policy_number = 'VH1000003' ORDER BY i.id LIMIT 1`);

interface InvoiceAnswer {
  id: number;
  policy_number: string;
  total_amount: number;
  outstanding_amount: number;
  levy_amount: number;
  pre_levy_amount: number;
  document: { name: string; url: string };
}

describe('GET /api/customer/invoice/:id/document', () => {
  it('answers the owner a PDF naming the invoice, its policy and its amounts', async () => {
    const id = await ownerInvoice();
    const invoice = (await get(`/api/customer/invoice/${id}`)).json<InvoiceAnswer>();
    expect(invoice.document.url).toBe(documentPaths.invoice(id));
    const res = await get(`${invoice.document.url}?language=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${invoiceNumber(id)}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.title).toBe(`Invoice ${invoiceNumber(id)}`);
    expect(pdf.lines).toContain(`Invoice ${invoiceNumber(id)}`);
    expect(pdf.text).toContain('OP1000001');
    for (const amount of [
      invoice.total_amount,
      invoice.outstanding_amount,
      invoice.levy_amount,
      invoice.pre_levy_amount,
    ]) {
      expect(pdf.lines).toContain(formatMoney(amount));
    }
    expect(pdf.text).toContain('Partially paid');
    // The amounts in the order they add up: total, what was paid, and last what is left.
    const at = (line: string) => pdf.lines.indexOf(line);
    const paid = Math.round((invoice.total_amount - invoice.outstanding_amount) * 100) / 100;
    expect(at('Total')).toBeGreaterThan(-1);
    expect(at('Amount paid')).toBeGreaterThan(at('Total'));
    expect(pdf.lines[at('Amount paid') + 1]).toBe(formatMoney(paid));
    expect(at('Amount outstanding')).toBeGreaterThan(at('Amount paid'));
    expect(pdf.lines[at('Amount outstanding') + 1]).toBe(formatMoney(invoice.outstanding_amount));
    // The letterhead: who issued it and how to reach them.
    expect(pdf.lines[3]).toMatch(/^Customer service \+852 2000 0000 · \S+$/);
  });

  it('lists a payment taken online with its date and card', async () => {
    // A paid invoice of the owner's, opened again to be paid online (the partially paid one
    // stays as the other tests read it).
    const id = await idOf(sql`SELECT i.id FROM invoice i JOIN policy p ON p.id = i.policy_id
      WHERE p.policy_number = 'OP1000001' AND i.status = 'paid' ORDER BY i.id LIMIT 1`);
    await t.database.db.execute(
      sql`UPDATE invoice SET status = 'open', outstanding_amount = total_amount WHERE id = ${id}`,
    );
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/customer/payment-method',
      headers: { 'x-test-user': OWNER },
      payload: { gateway: 'stripe-card', token: 'pm_card_visa' },
    });
    expect(card.statusCode, card.body).toBe(200);
    const before = (await get(`/api/customer/invoice/${id}`)).json<InvoiceAnswer>();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/customer/invoice/${id}/pay`,
      headers: { 'x-test-user': OWNER },
      payload: { payment_method_id: card.json<{ id: number }>().id },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const pdf = await readPdf(
      (await get(`${documentPaths.invoice(id)}?language=zh-hk`)).rawPayload,
    );
    const line = pdf.lines.findIndex((text) =>
      /^於\d{4}年\d{1,2}月\d{1,2}日以Visa .+ 4242支付$/.test(text),
    );
    expect(line, pdf.text).toBeGreaterThan(-1);
    expect(pdf.lines[line + 1]).toBe(formatMoney(before.outstanding_amount));
    expect(pdf.lines.at(-3)).toBe('未付金額');
    expect(pdf.lines.at(-2)).toBe(formatMoney(0));
    expect(pdf.text).toContain('客戶服務熱線');
  });

  it('prints the zh-HK PDF in Chinese, every character with a glyph in the embedded font', async () => {
    const id = await ownerInvoice();
    const res = await get(documentPaths.invoice(id), OWNER, {
      'accept-language': 'zh-HK,zh;q=0.9',
    });
    expect(res.statusCode).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    const title = `發票 ${invoiceNumber(id)}`;
    expect(pdf.title).toBe(title);
    expect(pdf.lines[1]).toBe(title);
    expect(pdf.text).toContain('部分繳付');
    expect(pdf.text).toContain('陳大文');
    // The PDF embeds the configured face (a subset), and no other font: a character the face
    // lacked would still extract as text, so each one is looked up in the face itself.
    const raw = res.rawPayload.toString('latin1');
    const { font } = testConfig().documents;
    expect(raw).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${font.face}`));
    expect(raw).toContain('/FontFile3');
    expect(raw.match(/\/BaseFont \/\S+/g)?.every((name) => name.includes(font.face))).toBe(true);
    const face = openFace(font);
    const missing = Array.from(pdf.text).filter(
      (character) =>
        character.trim() !== '' && !face.hasGlyphForCodePoint(character.codePointAt(0) ?? 0),
    );
    expect(missing).toEqual([]);
    expect(Array.from(pdf.text).some((character) => /\p{Script=Han}/u.test(character))).toBe(true);
  });

  it('answers a guest 401 and another customer 404, with none of the invoice', async () => {
    const id = await plainInvoice();
    const guest = await get(documentPaths.invoice(id), null);
    expect(guest.statusCode).toBe(401);
    expect(guest.json<{ code: string }>().code).toBe('unauthenticated');
    for (const user of [OWNER, OTHER]) {
      const res = await get(documentPaths.invoice(id), user);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).not.toContain('VH1000003');
    }
    expect((await get(documentPaths.invoice(id), PLAIN)).statusCode).toBe(200);
  });

  it('refuses a bad id or language with 400 naming the field', async () => {
    const bad = await get('/api/customer/invoice/abc/document');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('id');
    const id = await ownerInvoice();
    const language = await get(`${documentPaths.invoice(id)}?language=fr`);
    expect(language.statusCode).toBe(400);
    expect(JSON.stringify(language.json())).toContain('language');
  });
});

describe('tax reports, renewal notices and policy schedules', () => {
  it('serves the owner’s statement, notice and schedule, and none of them to another customer', async () => {
    const report = await idOf(sql`SELECT r.id FROM tax_report r JOIN policy p ON p.id = r.policy_id
      WHERE p.policy_number = 'OP1000001'`);
    const renewal =
      await idOf(sql`SELECT r.id FROM policy_renewal r JOIN policy p ON p.id = r.policy_id
      WHERE p.policy_number = 'OP1000001' AND r.document IS NOT NULL`);
    const policy = await idOf(sql`SELECT id FROM policy WHERE policy_number = 'OP1000001'`);
    const cases = [
      [documentPaths.taxReport(report), 'Premium statement for tax deduction', '扣稅保費證明書'],
      [documentPaths.renewal(renewal), 'Renewal notice', '續保通知書'],
      [documentPaths.policySchedule(policy), 'Policy schedule', '保單附表'],
    ] as const;
    for (const [path, english, chinese] of cases) {
      const en = await get(`${path}?language=en`);
      expect(en.statusCode, path).toBe(200);
      const pdf = await readPdf(en.rawPayload);
      expect(pdf.title).toBe(english);
      expect(pdf.text).toContain('OP1000001');
      const zh = await readPdf((await get(`${path}?language=zh-hk`)).rawPayload);
      expect(zh.title).toBe(chinese);
      expect((await get(path, PLAIN)).statusCode).toBe(404);
      expect((await get(path, null)).statusCode).toBe(401);
    }
  });

  it('has no notice for a renewal not yet issued', async () => {
    const pending =
      await idOf(sql`SELECT r.id FROM policy_renewal r JOIN policy p ON p.id = r.policy_id
      WHERE p.policy_number = 'OP1000002' AND r.document IS NULL`);
    expect((await get(documentPaths.renewal(pending))).statusCode).toBe(404);
  });
});

describe('document links in API answers', () => {
  /** Every `url`, `file_en`, `file_zh` and `*_url` string anywhere in a JSON answer. */
  function links(value: unknown, found: string[] = []): string[] {
    if (Array.isArray(value)) value.forEach((item) => links(item, found));
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (typeof item === 'string' && /(^url$|_url$|^file_(en|zh)$)/.test(key)) found.push(item);
        else links(item, found);
      }
    }
    return found;
  }

  it('all lead to a PDF on this server, for the owner (invoices, tax, renewals, events, products)', async () => {
    const policy = await idOf(sql`SELECT id FROM policy WHERE policy_number = 'OP1000001'`);
    const vhis = await idOf(sql`SELECT id FROM product WHERE code = 'VHIS-FLEXI'`);
    const answers = [
      '/api/customer/invoice?page_size=100',
      `/api/customer/policy/${policy}/invoices`,
      '/api/customer/tax-report',
      '/api/customer/policy-renewal',
      '/api/customer/policy-event',
      `/api/customer/policy/${policy}/product-document`,
      '/api/customer/product',
      `/api/customer/product/${vhis}`,
      '/api/customer/policy-product-document?group_policy_number=GP2000001',
    ];
    const found = new Set<string>();
    for (const answer of answers) {
      const res = await get(answer);
      expect(res.statusCode, answer).toBe(200);
      expect(res.body).not.toContain('.example/');
      for (const link of links(res.json())) found.add(link);
    }
    expect(found.size).toBeGreaterThan(10);
    for (const link of found) {
      expect(link, link).toMatch(/^\/api\/customer\//);
      const res = await get(link);
      expect(res.statusCode, link).toBe(200);
      expect(res.headers['content-type'], link).toBe('application/pdf');
    }
  });

  it('serves the document library to anyone, in the file’s language', async () => {
    const files = await t.database.db.execute<{ file_zh: string; name_zh: string }>(
      sql`SELECT file_zh, name_zh FROM product_document ORDER BY id LIMIT 1`,
    );
    const row = files.rows[0];
    if (!row) throw new Error('no product document');
    const res = await get(row.file_zh, null);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect((await readPdf(res.rawPayload)).title).toBe(row.name_zh);
    expect((await get('/api/customer/library/nothing-here.pdf', null)).statusCode).toBe(404);
    expect((await get('/api/customer/library/..%2Fsecret.pdf', null)).statusCode).toBe(400);
    expect((await get('/api/customer/library/notes.txt', null)).statusCode).toBe(400);
  });
});
