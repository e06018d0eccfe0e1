/** Dates and names as the portal shows them, in the page's language. */
import type { Language } from '@clinicpass/shared/i18n/languages';
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
