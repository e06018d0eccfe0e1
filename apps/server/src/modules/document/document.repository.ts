// Reads of the generated documents (SQL only): a tax report or renewal of the caller's policies,
// the paid invoices of a statement period, a product's names, and which library record names a
// library address. Ownership is the owner's user id on the policy (another's: none found).
import { and, asc, eq, gte, inArray, lte, or } from 'drizzle-orm';
import { invoice } from '../../db/billing-schema';
import type { Database } from '../../db/client';
import {
  groupPolicy,
  groupPolicyDocument,
  policyRenewal,
  productDocument,
  productProfile,
  taxReport,
} from '../../db/platform-schema';
import { policy, product } from '../../db/schema';

export async function findOwnedTaxReport(db: Database, ownerUserId: string, id: number) {
  const [row] = await db
    .select({ report: taxReport })
    .from(taxReport)
    .innerJoin(policy, eq(policy.id, taxReport.policyId))
    .where(and(eq(taxReport.id, id), eq(policy.ownerUserId, ownerUserId)));
  return row?.report ?? null;
}

export async function findOwnedRenewal(db: Database, ownerUserId: string, id: number) {
  const [row] = await db
    .select({ renewal: policyRenewal })
    .from(policyRenewal)
    .innerJoin(policy, eq(policy.id, policyRenewal.policyId))
    .where(and(eq(policyRenewal.id, id), eq(policy.ownerUserId, ownerUserId)));
  return row?.renewal ?? null;
}

/** Paid and partly paid invoices of a policy due within [start, end], oldest first. */
export function listPaidInvoices(db: Database, policyId: number, start: string, end: string) {
  return db
    .select({
      id: invoice.id,
      dueDate: invoice.dueDate,
      totalAmount: invoice.totalAmount,
      outstandingAmount: invoice.outstandingAmount,
      currency: invoice.currency,
    })
    .from(invoice)
    .where(
      and(
        eq(invoice.policyId, policyId),
        inArray(invoice.status, ['paid', 'partially-paid']),
        gte(invoice.dueDate, start),
        lte(invoice.dueDate, end),
      ),
    )
    .orderBy(asc(invoice.dueDate), asc(invoice.id));
}

export async function productNames(db: Database, productId: number) {
  const [row] = await db
    .select({ code: product.code, nameEn: product.nameEn, nameZh: product.nameZh })
    .from(product)
    .where(eq(product.id, productId));
  return row ?? null;
}

/** What a library address names: a product's literature, or a product or group document. */
export type LibraryEntry =
  | {
      kind: 'product-literature';
      field: 'plan-details' | 'provisions' | 'product-risks';
      nameEn: string;
      nameZh: string;
    }
  | {
      kind: 'document';
      /** The language of the file the address is (`file_en` / `file_zh`). */
      language: 'en' | 'zh-hk';
      nameEn: string;
      nameZh: string;
      /** The product or group policy it belongs to, as printed under the title. */
      ownerEn: string;
      ownerZh: string;
      effectiveDate: string;
      expiryDate: string | null;
    };

export async function findLibraryEntry(db: Database, url: string): Promise<LibraryEntry | null> {
  const [literature] = await db
    .select({
      planDetailsUrl: productProfile.planDetailsUrl,
      provisionUrl: productProfile.provisionUrl,
      nameEn: product.nameEn,
      nameZh: product.nameZh,
    })
    .from(productProfile)
    .innerJoin(product, eq(product.id, productProfile.productId))
    .where(
      or(
        eq(productProfile.planDetailsUrl, url),
        eq(productProfile.provisionUrl, url),
        eq(productProfile.productRiskUrl, url),
      ),
    )
    .limit(1);
  if (literature) {
    const field =
      literature.planDetailsUrl === url
        ? 'plan-details'
        : literature.provisionUrl === url
          ? 'provisions'
          : 'product-risks';
    return {
      kind: 'product-literature',
      field,
      nameEn: literature.nameEn,
      nameZh: literature.nameZh,
    };
  }
  const [document] = await db
    .select()
    .from(productDocument)
    .where(or(eq(productDocument.fileEn, url), eq(productDocument.fileZh, url)))
    .limit(1);
  if (document) {
    const owners = await db
      .select({ nameEn: product.nameEn, nameZh: product.nameZh })
      .from(product)
      .where(inArray(product.code, document.productCodes))
      .orderBy(asc(product.id));
    return {
      kind: 'document',
      language: document.fileEn === url ? 'en' : 'zh-hk',
      nameEn: document.nameEn,
      nameZh: document.nameZh,
      ownerEn: owners.map((owner) => owner.nameEn).join(', '),
      ownerZh: owners.map((owner) => owner.nameZh).join('、'),
      effectiveDate: document.effectiveDate,
      expiryDate: document.expiryDate,
    };
  }
  const [group] = await db
    .select({ document: groupPolicyDocument, number: groupPolicy.groupPolicyNumber })
    .from(groupPolicyDocument)
    .innerJoin(groupPolicy, eq(groupPolicy.id, groupPolicyDocument.groupPolicyId))
    .where(or(eq(groupPolicyDocument.fileEn, url), eq(groupPolicyDocument.fileZh, url)))
    .limit(1);
  if (group) {
    return {
      kind: 'document',
      language: group.document.fileEn === url ? 'en' : 'zh-hk',
      nameEn: group.document.nameEn,
      nameZh: group.document.nameZh,
      ownerEn: `Group policy ${group.number}`,
      ownerZh: `團體保單 ${group.number}`,
      effectiveDate: group.document.effectiveDate,
      expiryDate: group.document.expiryDate,
    };
  }
  return null;
}
