// Product catalogue reads (SQL only). Rows come back as the tables hold them; the service
// shapes them into the spec's entities.
import { and, arrayContains, asc, eq, gte, isNull, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  premiumRate,
  productBenefit,
  productDocument,
  productEligibility,
  productGroup,
  productOption,
  productProfile,
  releaseContent,
  serviceType,
  sumAssuredRange,
} from '../../db/platform-schema';
import { product } from '../../db/schema';

export type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number];

function selectProducts(db: Database, where?: SQL) {
  return db
    .select({
      id: product.id,
      code: product.code,
      productType: product.productType,
      nameZh: product.nameZh,
      createDate: product.createDate,
      updateDate: product.updateDate,
      profile: productProfile,
    })
    .from(product)
    .innerJoin(productProfile, eq(productProfile.productId, product.id))
    .where(and(eq(productProfile.isActive, true), where))
    .orderBy(asc(product.id));
}

export function listProducts(
  db: Database,
  filters: { productType?: string | undefined; code?: string | undefined },
) {
  return selectProducts(
    db,
    and(
      filters.productType === undefined ? undefined : eq(product.productType, filters.productType),
      filters.code === undefined ? undefined : eq(product.code, filters.code),
    ),
  );
}

export async function findProduct(db: Database, id: number): Promise<ProductRow | null> {
  const [row] = await selectProducts(db, eq(product.id, id));
  return row ?? null;
}

export async function findProductByCode(db: Database, code: string): Promise<ProductRow | null> {
  const [row] = await selectProducts(db, eq(product.code, code));
  return row ?? null;
}

export function listOptions(db: Database) {
  const from = alias(product, 'from_product');
  const to = alias(product, 'to_product');
  return db
    .select({
      type: productOption.type,
      fromProduct: from.code,
      toProduct: to.code,
      toProductId: to.id,
    })
    .from(productOption)
    .innerJoin(from, eq(from.id, productOption.fromProductId))
    .innerJoin(to, eq(to.id, productOption.toProductId))
    .orderBy(asc(productOption.id));
}

export function listGroups(db: Database) {
  return db.select().from(productGroup).orderBy(asc(productGroup.id));
}

export function listReleaseContents(db: Database) {
  return db
    .select({
      id: releaseContent.id,
      productCode: product.code,
      version: releaseContent.version,
      contentEn: releaseContent.contentEn,
      contentZh: releaseContent.contentZh,
      effectiveDate: releaseContent.effectiveDate,
    })
    .from(releaseContent)
    .innerJoin(product, eq(product.id, releaseContent.productId))
    .orderBy(asc(releaseContent.effectiveDate), asc(releaseContent.id));
}

export function listServiceTypes(db: Database) {
  return db.select().from(serviceType).orderBy(asc(serviceType.id));
}

export function listEligibility(db: Database, productId: number) {
  return db
    .select()
    .from(productEligibility)
    .where(eq(productEligibility.productId, productId))
    .orderBy(asc(productEligibility.id));
}

/** Benefits in force on `date`. */
export function listBenefits(db: Database, productId: number, date: string) {
  return db
    .select()
    .from(productBenefit)
    .where(
      and(
        eq(productBenefit.productId, productId),
        lte(productBenefit.effectiveFrom, date),
        or(isNull(productBenefit.effectiveTo), gte(productBenefit.effectiveTo, date)),
      ),
    )
    .orderBy(asc(productBenefit.sequence));
}

export function listSumAssuredRanges(db: Database, productId: number) {
  return db
    .select()
    .from(sumAssuredRange)
    .where(eq(sumAssuredRange.productId, productId))
    .orderBy(asc(sumAssuredRange.minIssueAge));
}

export function listPremiumRates(db: Database, productId: number) {
  return db
    .select()
    .from(premiumRate)
    .where(eq(premiumRate.productId, productId))
    .orderBy(asc(premiumRate.minAge));
}

export type ProductDocumentRow = typeof productDocument.$inferSelect;

/** Every document naming the product (the service picks those in force). */
export function listProductDocuments(db: Database, productCode: string) {
  return db
    .select()
    .from(productDocument)
    .where(arrayContains(productDocument.productCodes, [productCode]))
    .orderBy(asc(productDocument.id));
}
