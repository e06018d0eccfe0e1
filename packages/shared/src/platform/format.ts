// Formatting of platform values for people: money and insured-life names.
import { formatHkd } from '../format/money';
import type { PersonIdentity } from './entities/policy';

const otherCurrencies = new Map<string, Intl.NumberFormat>();

/**
 * An amount for display: HKD through the shared `formatHkd` (zh-HK, 0–2 fraction digits), any
 * other currency with the same locale and digits.
 */
export function formatMoney(amount: number, currency = 'HKD'): string {
  if (currency === 'HKD') return formatHkd(amount);
  let format = otherCurrencies.get(currency);
  if (format === undefined) {
    format = new Intl.NumberFormat('zh-HK', {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    otherCurrencies.set(currency, format);
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
