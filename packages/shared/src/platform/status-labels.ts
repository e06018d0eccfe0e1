// The shared catalogue of status labels (issue 20): what a person reads for each status value
// of the platform's status sets, in English and Traditional Chinese. Every client (the portal,
// documents, operators' commands) shows a status through here, never the raw value.
import type { Language } from '../i18n/languages';
import type {
  APPLICATION_CASE_STATUSES,
  BILLING_STATUSES,
  COUPON_STATUSES,
  COVERAGE_STATUSES,
  INVOICE_STATUSES,
  POLICY_STATUSES,
  SERVICE_REQUEST_STATUSES,
} from './enums';

type Labels<T extends readonly string[]> = Record<T[number], Record<Language, string>>;

export const POLICY_STATUS_LABELS: Labels<typeof POLICY_STATUSES> = {
  inactive: { en: 'Inactive', 'zh-HK': '未生效' },
  'free-looking': { en: 'Cooling-off period', 'zh-HK': '冷靜期' },
  'in-force': { en: 'In force', 'zh-HK': '生效中' },
  suspended: { en: 'Suspended', 'zh-HK': '已暫停' },
  voided: { en: 'Voided', 'zh-HK': '已作廢' },
  rescinded: { en: 'Rescinded', 'zh-HK': '已撤銷' },
  canceled: { en: 'Cancelled', 'zh-HK': '已取消' },
  terminated: { en: 'Terminated', 'zh-HK': '已終止' },
  death: { en: 'Ended (death)', 'zh-HK': '已終止（身故）' },
  lapsed: { en: 'Lapsed', 'zh-HK': '已失效' },
  upgraded: { en: 'Upgraded', 'zh-HK': '已升級' },
  switched: { en: 'Switched', 'zh-HK': '已轉換' },
  matured: { en: 'Matured', 'zh-HK': '已期滿' },
  disentitled: { en: 'Disentitled', 'zh-HK': '已喪失資格' },
  'claim-paid': { en: 'Claim paid', 'zh-HK': '已賠付' },
};

export const APPLICATION_CASE_STATUS_LABELS: Labels<typeof APPLICATION_CASE_STATUSES> = {
  submitted: { en: 'Submitted', 'zh-HK': '已提交' },
  canceled: { en: 'Cancelled', 'zh-HK': '已取消' },
  declined: { en: 'Declined', 'zh-HK': '已拒絕' },
  withdrawn: { en: 'Withdrawn', 'zh-HK': '已撤回' },
  accepted: { en: 'Accepted', 'zh-HK': '已接納' },
  'update-requested': { en: 'Update requested', 'zh-HK': '需要更新' },
  updated: { en: 'Updated', 'zh-HK': '已更新' },
  processed: { en: 'Processed', 'zh-HK': '已處理' },
  removed: { en: 'Removed', 'zh-HK': '已移除' },
  draft: { en: 'Draft', 'zh-HK': '草稿' },
  postponed: { en: 'Postponed', 'zh-HK': '已延期' },
  voided: { en: 'Voided', 'zh-HK': '已作廢' },
  expired: { en: 'Expired', 'zh-HK': '已過期' },
};

export const SERVICE_REQUEST_STATUS_LABELS: Labels<typeof SERVICE_REQUEST_STATUSES> = {
  draft: { en: 'Draft', 'zh-HK': '草稿' },
  open: { en: 'In progress', 'zh-HK': '處理中' },
  offered: { en: 'Offer made', 'zh-HK': '已提供優惠' },
  updated: { en: 'Updated', 'zh-HK': '已更新' },
  approved: { en: 'Approved', 'zh-HK': '已批核' },
  completed: { en: 'Completed', 'zh-HK': '已完成' },
  rejected: { en: 'Rejected', 'zh-HK': '已拒絕' },
  canceled: { en: 'Cancelled', 'zh-HK': '已取消' },
};

export const INVOICE_STATUS_LABELS: Labels<typeof INVOICE_STATUSES> = {
  open: { en: 'Unpaid', 'zh-HK': '未付款' },
  void: { en: 'Void', 'zh-HK': '已作廢' },
  paid: { en: 'Paid', 'zh-HK': '已付款' },
  'partially-paid': { en: 'Partly paid', 'zh-HK': '部分已付' },
  refunded: { en: 'Refunded', 'zh-HK': '已退款' },
  free: { en: 'Free', 'zh-HK': '免費' },
};

export const BILLING_STATUS_LABELS: Labels<typeof BILLING_STATUSES> = {
  active: { en: 'Active', 'zh-HK': '有效' },
  suspended: { en: 'Suspended', 'zh-HK': '已暫停' },
  canceled: { en: 'Cancelled', 'zh-HK': '已取消' },
};

export const COVERAGE_STATUS_LABELS: Labels<typeof COVERAGE_STATUSES> = {
  inactive: { en: 'Inactive', 'zh-HK': '未生效' },
  'in-force': { en: 'In force', 'zh-HK': '生效中' },
  suspended: { en: 'Suspended', 'zh-HK': '已暫停' },
  terminated: { en: 'Terminated', 'zh-HK': '已終止' },
};

export const COUPON_STATUS_LABELS: Labels<typeof COUPON_STATUSES> = {
  active: { en: 'Active', 'zh-HK': '有效' },
  inactive: { en: 'Inactive', 'zh-HK': '未生效' },
  expired: { en: 'Expired', 'zh-HK': '已過期' },
  used: { en: 'Used', 'zh-HK': '已使用' },
};

/** A status's label in a language; an unknown value reads as itself rather than failing. */
export function statusLabel<T extends string>(
  labels: Record<T, Record<Language, string>>,
  status: T,
  language: Language,
): string {
  return Object.hasOwn(labels, status) ? labels[status][language] : status;
}
