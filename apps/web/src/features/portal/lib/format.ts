/** Dates and names as the portal shows them, in the page's language. */
import type { Language } from '@clinicpass/shared/i18n/languages';
import type { DocumentLink } from '@clinicpass/shared/platform/entities/common';
import type { PersonIdentity } from '@clinicpass/shared/platform/entities/policy';
import { insuredLifeDisplayName } from '@clinicpass/shared/platform/format';

const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/** A `YYYY-MM-DD` date (or a timestamp) as "25 Nov 2026" / "2026年11月25日". */
export function formatDate(value: string, language: Language): string {
  let format = dateFormats.get(language);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language === 'zh-HK' ? 'zh-HK' : 'en-GB', {
      dateStyle: 'medium',
      timeZone: 'Asia/Hong_Kong',
    });
    dateFormats.set(language, format);
  }
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T12:00:00+08:00`)
    : new Date(value);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}

export function personName(identity: PersonIdentity, language: Language): string {
  return insuredLifeDisplayName(identity, language);
}

/** A product's full name in the page's language (the API names it in both, decision 222). */
export function productName(
  product: { full_name: string; full_name_zh: string },
  language: Language,
): string {
  return language === 'zh-HK' ? product.full_name_zh : product.full_name;
}

/** A product's short name in the page's language. */
export function productShortName(
  product: { short_name: string; short_name_zh: string },
  language: Language,
): string {
  return language === 'zh-HK' ? product.short_name_zh : product.short_name;
}

/** A document's name in the page's language: its Chinese name when the record has one. */
export function documentName(document: DocumentLink, language: Language): string {
  return language === 'zh-HK' ? (document.name_zh ?? document.name) : document.name;
}
