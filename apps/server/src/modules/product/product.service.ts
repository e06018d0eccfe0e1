// Product catalogue rules: shapes rows into the spec's entities, reads benefits as of a date,
// works out the birth-date window of the issue ages, and picks the documents in force.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type {
  AgeUnit,
  Eligibility,
  Product,
  ProductBenefit,
  ProductDocument,
  ProductGroup,
  ProductOption,
  ReleaseContent,
  ServiceType,
  SumAssuredRange,
} from '@clinicpass/shared/platform/entities/product';
import type {
  DocumentPlatform,
  PolicyChangeType,
  ProductLine,
} from '@clinicpass/shared/platform/enums';
import { addDays, addMonths, compareDates } from '@clinicpass/shared/time/clock';
import type { Database } from '../../db/client';
import * as repo from './product.repository';

// What policies and application cases read of a product (their own shapes are built there).
// Other modules reach the product module only through its services (decision 170), never its
// repository.
export {
  findProduct as findProductRow,
  findProductByCode as findProductRowByCode,
  listBenefits as listBenefitRows,
  listOptions as listOptionRows,
  listPremiumRates as listPremiumRateRows,
  listSumAssuredRanges as listSumAssuredRangeRows,
  type ProductRow,
} from './product.repository';
export { rulesOfOption } from './option-rules';

/** The date `value` `unit`s before `date`. */
function minus(date: string, value: number, unit: AgeUnit): string {
  if (unit === 'day') return addDays(date, -value);
  if (unit === 'month') return addMonths(date, -value);
  return addMonths(date, -12 * value);
}

/**
 * The birth dates whose age on `today` lies within the issue ages: the oldest is one day short
 * of turning `max + 1`, the youngest exactly `min` old.
 */
export function birthDateWindow(
  today: string,
  min: { value: number; unit: AgeUnit },
  max: { value: number; unit: AgeUnit },
): { from: string; to: string } {
  return {
    from: addDays(minus(today, max.value + 1, max.unit), 1),
    to: minus(today, min.value, min.unit),
  };
}

interface IssueAgeColumns {
  minIssueAgeValue: number;
  minIssueAgeUnit: string;
  maxIssueAgeValue: number;
  maxIssueAgeUnit: string;
}

/** The issue-age fields of a product or eligibility group, with the birth dates they allow today. */
function issueAgeFields(row: IssueAgeColumns, today: string) {
  const min = { value: row.minIssueAgeValue, unit: row.minIssueAgeUnit as AgeUnit };
  const max = { value: row.maxIssueAgeValue, unit: row.maxIssueAgeUnit as AgeUnit };
  const window = birthDateWindow(today, min, max);
  return {
    min_issue_age_value: min.value,
    min_issue_age_unit: min.unit,
    max_issue_age_value: max.value,
    max_issue_age_unit: max.unit,
    valid_date_of_birth_from: window.from,
    valid_date_of_birth_to: window.to,
  };
}

/** A waiting period from its two columns; null when either is absent. */
function waitingPeriodOf(value: number | null, unit: string | null) {
  return value === null || unit === null ? null : { value, unit: unit as AgeUnit };
}

/**
 * A product's Chinese names beside the spec's English ones (decision 222): the full name is the
 * product's own Chinese name (the one the Chinese documents print), the short one its profile's,
 * or the full name when the profile has none.
 */
export function chineseNames(
  nameZh: string,
  profile: { shortNameZh: string | null } | null,
): { full_name_zh: string; short_name_zh: string } {
  return { full_name_zh: nameZh, short_name_zh: profile?.shortNameZh ?? nameZh };
}

export function toProduct(row: repo.ProductRow, today: string): Product {
  const p = row.profile;
  return {
    id: row.id,
    code: row.code,
    full_name: p.fullName,
    short_name: p.shortName,
    ...chineseNames(row.nameZh, p),
    headline: p.headline,
    description: p.description,
    type: p.line as ProductLine | null,
    product_type: row.productType,
    annual_limit: p.annualLimit,
    lifetime_limit: p.lifetimeLimit,
    smm_annual_limit: p.smmAnnualLimit,
    triannual_limit: p.triannualLimit,
    ...issueAgeFields(p, today),
    max_renewal_age: p.maxRenewalAge,
    waiting_period: waitingPeriodOf(p.waitingPeriodValue, p.waitingPeriodUnit),
    renewal_period: p.renewalPeriod,
    plan_option: p.planOption,
    plan_details_url: p.planDetailsUrl,
    provision_url: p.provisionUrl,
    product_risk_url: p.productRiskUrl,
    supplementary_products: p.supplementaryProducts,
    allow_flexible_selection: p.allowFlexibleSelection,
    require_sum_assured: p.requireSumAssured,
    create_date: row.createDate.toISOString(),
    update_date: row.updateDate.toISOString(),
  };
}

export async function requireProduct(db: Database, id: number): Promise<repo.ProductRow> {
  const row = await repo.findProduct(db, id);
  if (!row) throw new AppError('not_found', { message: `No product ${id}` });
  return row;
}

export async function listProducts(
  db: Database,
  today: string,
  filters: { productType?: string | undefined; code?: string | undefined },
): Promise<Product[]> {
  return (await repo.listProducts(db, filters)).map((row) => toProduct(row, today));
}

export async function getProduct(db: Database, today: string, id: number): Promise<Product> {
  return toProduct(await requireProduct(db, id), today);
}

export async function listOptions(db: Database): Promise<ProductOption[]> {
  return (await repo.listOptions(db)).map((row) => ({
    type: row.type as PolicyChangeType,
    from_product: row.fromProduct,
    to_product: row.toProduct,
    quotation: null,
  }));
}

export async function listGroups(db: Database): Promise<ProductGroup[]> {
  return (await repo.listGroups(db)).map((row) => ({
    id: row.id,
    code: row.code,
    name_en: row.nameEn,
    name_zh: row.nameZh,
    products: row.productCodes,
  }));
}

export async function listReleaseContents(db: Database): Promise<ReleaseContent[]> {
  return (await repo.listReleaseContents(db)).map((row) => ({
    id: row.id,
    product_code: row.productCode,
    version: row.version,
    content_en: row.contentEn,
    content_zh: row.contentZh,
    effective_date: row.effectiveDate,
  }));
}

export async function listServiceTypes(db: Database): Promise<ServiceType[]> {
  return (await repo.listServiceTypes(db)).map((row) => ({
    id: row.id,
    code: row.code,
    name_en: row.nameEn,
    name_zh: row.nameZh,
  }));
}

export async function listEligibility(
  db: Database,
  today: string,
  id: number,
): Promise<Eligibility[]> {
  const found = await requireProduct(db, id);
  return (await repo.listEligibility(db, id)).map((row) => ({
    product: found.code,
    code: row.code,
    group_name: row.groupName,
    ...issueAgeFields(row, today),
  }));
}

export async function listBenefits(
  db: Database,
  id: number,
  evaluationDate: string,
): Promise<ProductBenefit[]> {
  await requireProduct(db, id);
  return (await repo.listBenefits(db, id, evaluationDate)).map((row) => ({
    code: row.code,
    name_en: row.nameEn,
    name_zh: row.nameZh,
    limit: row.limit,
    unit: row.unit,
    waiting_period: waitingPeriodOf(row.waitingPeriodValue, row.waitingPeriodUnit),
    evaluation_date: evaluationDate,
  }));
}

export async function listSumAssuredRanges(db: Database, id: number): Promise<SumAssuredRange[]> {
  const found = await requireProduct(db, id);
  return (await repo.listSumAssuredRanges(db, id)).map((row) => ({
    product: found.code,
    min_issue_age: row.minIssueAge,
    max_issue_age: row.maxIssueAge,
    min_sum_assured: row.minSumAssured,
    max_sum_assured: row.maxSumAssured,
  }));
}

function toDocument(row: repo.ProductDocumentRow, productCode: string): ProductDocument {
  return {
    id: row.id,
    product_code: productCode,
    product_codes: row.productCodes,
    category: row.category,
    type: row.type,
    platforms: row.platforms as DocumentPlatform[],
    name_en: row.nameEn,
    name_zh: row.nameZh,
    file_en: row.fileEn,
    file_zh: row.fileZh,
    effective_date: row.effectiveDate,
    expiry_date: row.expiryDate,
    purchase_date_from: row.purchaseDateFrom,
    purchase_date_to: row.purchaseDateTo,
    create_date: row.createDate.toISOString(),
    update_date: row.updateDate.toISOString(),
  };
}

/**
 * The documents of a product that apply to a policy bought on `purchaseDate`, as of `today`:
 * in force (effective, not expired) and, when a document is limited to purchases in a range,
 * bought within it.
 */
export async function documentsFor(
  db: Database,
  productCode: string,
  today: string,
  purchaseDate: string,
): Promise<ProductDocument[]> {
  const rows = await repo.listProductDocuments(db, productCode);
  return rows
    .filter(
      (row) =>
        compareDates(row.effectiveDate, today) <= 0 &&
        (row.expiryDate === null || compareDates(today, row.expiryDate) <= 0) &&
        (row.purchaseDateFrom === null || compareDates(row.purchaseDateFrom, purchaseDate) <= 0) &&
        (row.purchaseDateTo === null || compareDates(purchaseDate, row.purchaseDateTo) <= 0),
    )
    .map((row) => toDocument(row, productCode));
}
