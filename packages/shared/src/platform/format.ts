// Formatting of platform values for people: money and insured-life names.
import type { PersonIdentity } from './entities/policy';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount of an invoice, a premium or a payment: zh-HK, no decimals for whole dollars and two
 * for cents (HK$160, HK$400.40, never HK$400.4: a statement's amounts line up as money does).
 * The member app's prices keep the spec's own 0–2 digits (`formatHkd`).
 */
export function formatMoney(amount: number, currency = 'HKD'): string {
  const cents = Math.round(amount * 100) % 100 !== 0;
  const key = `${currency}:${String(cents)}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat('zh-HK', {
      style: 'currency',
      currency,
      minimumFractionDigits: cents ? 2 : 0,
      maximumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format.format(amount);
}

function present(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

/**
 * An insured life's name as the spec shows it: Chinese last name then first name, with no space
 * (陳大文), when the language starts with `zh` and both Chinese names exist; otherwise the English
 * first name then last name (Tai Man Chan).
 */
export function insuredLifeDisplayName(
  identity: Pick<
    PersonIdentity,
    'first_name' | 'last_name' | 'chinese_first_name' | 'chinese_last_name'
  >,
  language: string,
): string {
  const chineseFirst = present(identity.chinese_first_name);
  const chineseLast = present(identity.chinese_last_name);
  if (language.toLowerCase().startsWith('zh') && chineseFirst !== '' && chineseLast !== '') {
    return `${chineseLast}${chineseFirst}`;
  }
  return [present(identity.first_name), present(identity.last_name)]
    .filter((part) => part !== '')
    .join(' ');
}
