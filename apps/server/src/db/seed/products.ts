// Loads the product catalogue (datasets/products.ts) for the seeded products: profiles,
// benefits, premium tables, eligibility, sum-assured ranges, documents, groups, options, release
// notes, service types and retention rewards, in a fixed order.
import {
  premiumRate,
  productBenefit,
  productDocument,
  productEligibility,
  productGroup,
  productOption,
  productProfile,
  releaseContent,
  rewardSetCoupon,
  serviceType,
  sumAssuredRange,
} from '../platform-schema';
import type { Database } from '../client';
import {
  BENEFITS,
  DOCS,
  ELIGIBILITY,
  PREMIUM_TABLE,
  PRODUCT_DOCUMENTS,
  PRODUCT_GROUPS,
  PRODUCT_OPTIONS,
  PROFILES,
  RELEASE_CONTENT,
  REWARD_SET_COUPONS,
  SERVICE_TYPES,
  SUM_ASSURED_RANGES,
  type ProductCode,
} from './datasets/products';

type Executor = Pick<Database, 'insert'>;

/** Each product's provisions (current) and its 2023 brochure (expired). */
function standardDocuments(code: ProductCode) {
  const slug = code.toLowerCase();
  const short = PROFILES[code].shortName;
  return [
    {
      productCodes: [code],
      category: 'policy-provisions',
      type: 'provision',
      platforms: ['web', 'app'],
      nameEn: `${short} policy provisions`,
      nameZh: `${short} 保單條款`,
      fileEn: `${DOCS}/${slug}-provisions-en.pdf`,
      fileZh: `${DOCS}/${slug}-provisions-zh.pdf`,
      effectiveDate: '2024-01-01',
      expiryDate: null,
      purchaseDateFrom: null,
      purchaseDateTo: null,
    },
    {
      productCodes: [code],
      category: 'marketing',
      type: 'brochure',
      platforms: ['web'],
      nameEn: `${short} brochure (2023)`,
      nameZh: `${short} 產品小冊子（2023）`,
      fileEn: `${DOCS}/${slug}-brochure-2023-en.pdf`,
      fileZh: `${DOCS}/${slug}-brochure-2023-zh.pdf`,
      effectiveDate: '2023-01-01',
      expiryDate: '2023-12-31',
      purchaseDateFrom: null,
      purchaseDateTo: null,
    },
  ];
}

export async function seedProductCatalogue(
  tx: Executor,
  productId: (code: ProductCode) => number,
): Promise<void> {
  const codes = Object.keys(PROFILES) as ProductCode[];
  await tx.insert(productProfile).values(
    codes.map((code) => ({
      productId: productId(code),
      ...PROFILES[code],
      supplementaryProducts: [...PROFILES[code].supplementaryProducts],
    })),
  );
  await tx.insert(productBenefit).values(
    codes.flatMap((code) =>
      BENEFITS[code].map(
        ([benefit, nameEn, nameZh, limit, unit, waitingDays, from, to], index) => ({
          productId: productId(code),
          code: benefit,
          nameEn,
          nameZh,
          limit,
          unit,
          waitingPeriodValue: waitingDays,
          waitingPeriodUnit: waitingDays === null ? null : 'day',
          effectiveFrom: from,
          effectiveTo: to,
          sequence: index + 1,
        }),
      ),
    ),
  );
  await tx.insert(premiumRate).values(
    codes.flatMap((code) =>
      PREMIUM_TABLE[code].map(([minAge, maxAge, annualPremium]) => ({
        productId: productId(code),
        minAge,
        maxAge,
        annualPremium,
      })),
    ),
  );
  await tx.insert(productEligibility).values(
    codes.flatMap((code) =>
      ELIGIBILITY[code].map(([group, groupName, minValue, minUnit, maxValue, maxUnit]) => ({
        productId: productId(code),
        code: `${code}-${group}`,
        groupName,
        minIssueAgeValue: minValue,
        minIssueAgeUnit: minUnit,
        maxIssueAgeValue: maxValue,
        maxIssueAgeUnit: maxUnit,
      })),
    ),
  );
  await tx
    .insert(sumAssuredRange)
    .values(
      SUM_ASSURED_RANGES.map(({ product, ...row }) => ({ productId: productId(product), ...row })),
    );
  await tx.insert(productDocument).values(
    [...codes.flatMap(standardDocuments), ...PRODUCT_DOCUMENTS].map((row) => ({
      ...row,
      productCodes: [...row.productCodes],
      platforms: [...row.platforms],
    })),
  );
  await tx
    .insert(productGroup)
    .values(PRODUCT_GROUPS.map((row) => ({ ...row, productCodes: [...row.productCodes] })));
  await tx.insert(productOption).values(
    PRODUCT_OPTIONS.map(({ type, from, to }) => ({
      type,
      fromProductId: productId(from),
      toProductId: productId(to),
    })),
  );
  await tx
    .insert(releaseContent)
    .values(
      RELEASE_CONTENT.map(({ product, ...row }) => ({ productId: productId(product), ...row })),
    );
  await tx.insert(serviceType).values(SERVICE_TYPES.map((row) => ({ ...row })));
  await tx.insert(rewardSetCoupon).values(REWARD_SET_COUPONS.map((row) => ({ ...row })));
}
