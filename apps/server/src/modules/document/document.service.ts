// The generated documents (issue 20, decision 197): each is built from the caller's records on
// request, in the language asked for, and only for their owner: another customer's invoice, tax
// report, renewal or policy is not found (404), like its JSON. Library files (product literature,
// product and group documents) are public, as the catalogue naming them is.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { type DocumentLanguage, invoiceNumber } from '@clinicpass/shared/platform/documents';
import type { PolicyDetail } from '@clinicpass/shared/platform/entities/policy';
import { formatMoney, insuredLifeDisplayName } from '@clinicpass/shared/platform/format';
import type { Database } from '../../db/client';
import * as billingService from '../billing/billing.service';
import { invoicePayments } from '../billing/invoice-payment.service';
import * as policyService from '../policy/policy.service';
import type { Caller, Now } from '../policy/policy.service';
import * as repo from './document.repository';
import { type DocumentContent, type DocumentFont, renderPdf, type Row } from './pdf';
import { DOCUMENT_TEXTS, fill, formatDate } from './texts';

/** A rendered document: its bytes and the file name it is offered under. */
export interface RenderedDocument {
  pdf: Buffer;
  fileName: string;
  title: string;
}

function notFound(what: string): AppError {
  return new AppError('not_found', { message: `No ${what}` });
}

const PDF_LANG: Record<DocumentLanguage, string> = { en: 'en', 'zh-hk': 'zh-HK' };

async function productName(db: Database, productId: number, language: DocumentLanguage) {
  const names = await repo.productNames(db, productId);
  if (!names) return '';
  return language === 'zh-hk' ? names.nameZh : names.nameEn;
}

function period(start: string, end: string, language: DocumentLanguage): string {
  return `${formatDate(start, language)} – ${formatDate(end, language)}`;
}

function footer(language: DocumentLanguage, now: Now): string {
  return fill(DOCUMENT_TEXTS[language].generated, { date: formatDate(now.today, language) });
}

/** The rows naming a policy: number, product, policyholder, insured life. */
async function policyRows(
  db: Database,
  detail: PolicyDetail,
  language: DocumentLanguage,
): Promise<Row[]> {
  const t = DOCUMENT_TEXTS[language];
  const rows: Row[] = [
    [t.policyNumber, detail.policy_number],
    [t.product, await productName(db, detail.product.id, language)],
    [t.policyholder, insuredLifeDisplayName(detail.policyholder.identity, language)],
    [t.insuredLife, insuredLifeDisplayName(detail.insured_life.identity, language)],
  ];
  if (detail.group_policy_number !== null) {
    rows.push([t.groupPolicyNumber, detail.group_policy_number]);
  }
  return rows;
}

async function ownedDetail(db: Database, caller: Caller, now: Now, policyNumber: string) {
  const row = await policyService.findOwnedPolicyByNumber(db, caller.userId, policyNumber);
  if (!row) throw notFound(`policy ${policyNumber}`);
  return policyService.getPolicyDetail(db, caller, now.today, row.id);
}

/**
 * What every document is printed with: the font, and the letterhead's contact line (the customer
 * service phone an operator set, else the configured one; the public website).
 */
export interface DocumentOutput {
  font: DocumentFont;
  phone: string;
  website: string;
}

async function rendered(
  output: DocumentOutput,
  content: Omit<DocumentContent, 'contact'>,
  fileName: string,
): Promise<RenderedDocument> {
  const language: DocumentLanguage = content.lang === 'zh-HK' ? 'zh-hk' : 'en';
  const contact = fill(DOCUMENT_TEXTS[language].contact, {
    phone: output.phone,
    website: output.website.replace(/^https?:\/\//, '').replace(/\/$/, ''),
  });
  return {
    pdf: await renderPdf(output.font, { ...content, contact }),
    fileName,
    title: content.title,
  };
}

export async function invoicePdf(
  db: Database,
  output: DocumentOutput,
  caller: Caller,
  now: Now,
  id: number,
  language: DocumentLanguage,
): Promise<RenderedDocument> {
  const t = DOCUMENT_TEXTS[language];
  const invoice = await billingService.getInvoice(db, caller, id);
  const detail = await ownedDetail(db, caller, now, invoice.policy_number);
  const number = invoiceNumber(invoice.id);
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const company = language === 'zh-hk' ? invoice.company.name_zh : invoice.company.name_en;
  const billedTo = invoice.billing_company;
  const details: Row[] = [
    [t.invoiceNumber, number],
    ...(await policyRows(db, detail, language)),
    ...(billedTo === null
      ? []
      : [[t.billedTo, language === 'zh-hk' ? billedTo.name_zh : billedTo.name_en] as const]),
    [t.invoiceType, t.invoiceTypes[invoice.invoice_type] ?? invoice.invoice_type],
    [t.status, t.invoiceStatus[invoice.status] ?? invoice.status],
    [t.policyYear, String(invoice.policy_year)],
    [t.coveragePeriod, period(invoice.coverage_start_date, invoice.coverage_end_date, language)],
    [t.dueDate, formatDate(invoice.due_date, language)],
  ];
  const amounts: Row[] = [
    ...invoice.pre_levy_amount_breakdown.map((line): Row => [
      t.components[line.component] ?? line.component,
      money(line.amount),
    ]),
    [t.subtotal, money(invoice.pre_levy_amount)],
    [fill(t.levy, { percent: invoice.levy_percent }), money(invoice.levy_amount)],
    [t.total, money(invoice.total_amount)],
  ];
  // What was paid (each payment taken online, else what the records say was paid), then what
  // is left: the last line, the one to act on.
  const payments = await invoicePayments(db, caller, id);
  const paid = Math.round((invoice.total_amount - invoice.outstanding_amount) * 100) / 100;
  if (payments.length > 0) {
    for (const payment of payments) {
      amounts.push([
        fill(t.paidOn, {
          date: formatDate(payment.date, language),
          method: payment.method,
        }),
        money(payment.amount),
      ]);
    }
  } else if (paid > 0) {
    amounts.push([t.amountPaid, money(paid)]);
  }
  amounts.push([t.outstanding, money(invoice.outstanding_amount)]);
  const notes: string[] = [];
  if (invoice.void_date !== null) {
    notes.push(fill(t.voided, { date: formatDate(invoice.void_date, language) }));
  }
  if (invoice.refund_date !== null) {
    notes.push(
      `${fill(t.refunded, { date: formatDate(invoice.refund_date, language) })}: ${money(invoice.refunded_amount)}`,
    );
  }
  return rendered(
    output,
    {
      lang: PDF_LANG[language],
      title: fill(t.invoiceTitle, { number }),
      issuer: fill(t.issuedBy, { company }),
      sections: [{ rows: details }, { heading: t.amounts, rows: amounts, emphasiseLast: true }],
      notes,
      footer: footer(language, now),
    },
    `${number}.pdf`,
  );
}

function insurer(language: DocumentLanguage): string {
  return fill(DOCUMENT_TEXTS[language].issuedBy, { company: 'ClinicPass' });
}

export async function taxReportPdf(
  db: Database,
  output: DocumentOutput,
  caller: Caller,
  now: Now,
  id: number,
  language: DocumentLanguage,
): Promise<RenderedDocument> {
  const t = DOCUMENT_TEXTS[language];
  const report = await repo.findOwnedTaxReport(db, caller.userId, id);
  if (!report) throw notFound(`tax report ${id}`);
  const detail = await policyService.getPolicyDetail(db, caller, now.today, report.policyId);
  const paid = await repo.listPaidInvoices(db, report.policyId, report.startDate, report.endDate);
  const total =
    Math.round(paid.reduce((sum, i) => sum + i.totalAmount - i.outstandingAmount, 0) * 100) / 100;
  const payments: Row[] = paid.map((i) => [
    fill(t.paidInvoice, { number: invoiceNumber(i.id), date: formatDate(i.dueDate, language) }),
    formatMoney(i.totalAmount - i.outstandingAmount, i.currency),
  ]);
  return rendered(
    output,
    {
      lang: PDF_LANG[language],
      title: t.taxReportTitle,
      issuer: insurer(language),
      sections: [
        {
          rows: [
            ...(await policyRows(db, detail, language)),
            [t.statementPeriod, period(report.startDate, report.endDate, language)],
          ],
        },
        {
          heading: t.premiumsPaid,
          rows: [...payments, [t.totalPaid, formatMoney(total)]],
          emphasiseLast: true,
        },
      ],
      notes: paid.length === 0 ? [t.noPremiums, t.taxNote] : [t.taxNote],
      footer: footer(language, now),
    },
    `tax-report-${detail.policy_number}-${report.startDate}.pdf`,
  );
}

export async function renewalPdf(
  db: Database,
  output: DocumentOutput,
  caller: Caller,
  now: Now,
  id: number,
  language: DocumentLanguage,
): Promise<RenderedDocument> {
  const t = DOCUMENT_TEXTS[language];
  const renewal = await repo.findOwnedRenewal(db, caller.userId, id);
  // A renewal whose notice is not issued yet has no document.
  if (!renewal?.document) throw notFound(`renewal notice ${id}`);
  const detail = await policyService.getPolicyDetail(db, caller, now.today, renewal.policyId);
  const row = await policyService.requirePolicy(db, caller, renewal.policyId);
  const rows: Row[] = [
    ...(await policyRows(db, detail, language)),
    [t.renewalDate, formatDate(renewal.renewalDate, language)],
    [t.frequency, t.frequencies[row.terms?.frequency ?? 'annual'] ?? row.terms?.frequency ?? ''],
    [t.intention, t.intentions[detail.intentions.renewal] ?? detail.intentions.renewal],
  ];
  try {
    const projection = await policyService.getProjection(db, caller, now.today, row.id, {
      mode: 'premium',
      projection_years: 2,
    });
    const next = projection.projection.find((year) => year.start_date >= renewal.renewalDate);
    if (next) rows.push([t.nextPremium, formatMoney(next.net_premium)]);
  } catch (error) {
    // A policy that cannot be priced (no date of birth on record) prints no premium.
    if (!(error instanceof AppError)) throw error;
  }
  return rendered(
    output,
    {
      lang: PDF_LANG[language],
      title: t.renewalTitle,
      issuer: insurer(language),
      sections: [{ rows }],
      notes: [t.renewalNote],
      footer: footer(language, now),
    },
    `renewal-${detail.policy_number}-${renewal.renewalDate}.pdf`,
  );
}

export async function policySchedulePdf(
  db: Database,
  output: DocumentOutput,
  caller: Caller,
  now: Now,
  id: number,
  language: DocumentLanguage,
): Promise<RenderedDocument> {
  const t = DOCUMENT_TEXTS[language];
  const detail = await policyService.getPolicyDetail(db, caller, now.today, id);
  const rows: Row[] = [
    ...(await policyRows(db, detail, language)),
    [t.effectiveDate, formatDate(detail.effective_date, language)],
  ];
  if (detail.expiry_date !== null)
    rows.push([t.expiryDate, formatDate(detail.expiry_date, language)]);
  if (detail.sum_assured !== null) rows.push([t.sumAssured, formatMoney(detail.sum_assured)]);
  const benefits: Row[] = detail.policy_schedule.map((benefit) => [
    language === 'zh-hk' ? benefit.name_zh : benefit.name_en,
    benefit.limit === null ? t.noLimit : formatMoney(benefit.limit),
  ]);
  return rendered(
    output,
    {
      lang: PDF_LANG[language],
      title: t.scheduleTitle,
      issuer: insurer(language),
      sections: [
        { rows },
        ...(benefits.length === 0 ? [] : [{ heading: t.benefits, rows: benefits }]),
      ],
      notes: [],
      footer: footer(language, now),
    },
    `policy-schedule-${detail.policy_number}.pdf`,
  );
}

/**
 * A library file: `url` is the address a catalogue record names (`/api/customer/library/…`).
 * A product or group document is printed in its file's language; product literature in
 * `language`.
 */
export async function libraryPdf(
  db: Database,
  output: DocumentOutput,
  now: Now,
  url: string,
  language: DocumentLanguage,
): Promise<RenderedDocument> {
  const entry = await repo.findLibraryEntry(db, url);
  if (!entry) throw notFound('library document at this address');
  const printed = entry.kind === 'document' ? entry.language : language;
  const t = DOCUMENT_TEXTS[printed];
  const zh = printed === 'zh-hk';
  const fileName = url.split('/').pop() ?? 'document.pdf';
  const printedOn = fill(t.generatedLibrary, { date: formatDate(now.today, printed) });
  if (entry.kind === 'product-literature') {
    const title = t.literature[entry.field] ?? entry.field;
    return rendered(
      output,
      {
        lang: PDF_LANG[printed],
        title: `${zh ? entry.nameZh : entry.nameEn} — ${title}`,
        issuer: insurer(printed),
        sections: [
          {
            rows: [
              [t.product, zh ? entry.nameZh : entry.nameEn],
              [t.documentType, title],
            ],
          },
        ],
        notes: [t.libraryNote],
        footer: printedOn,
      },
      fileName,
    );
  }
  const rows: Row[] = [
    [t.product, zh ? entry.ownerZh : entry.ownerEn],
    [t.documentEffective, formatDate(entry.effectiveDate, printed)],
  ];
  const notes = [t.libraryNote];
  if (entry.expiryDate !== null && entry.expiryDate < now.today) {
    notes.unshift(fill(t.documentExpired, { date: formatDate(entry.expiryDate, printed) }));
  }
  return rendered(
    output,
    {
      lang: PDF_LANG[printed],
      title: zh ? entry.nameZh : entry.nameEn,
      issuer: insurer(printed),
      sections: [{ rows }],
      notes,
      footer: printedOn,
    },
    fileName,
  );
}
