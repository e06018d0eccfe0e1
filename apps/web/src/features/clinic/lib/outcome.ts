import type { Language } from '@clinicpass/shared/i18n/languages';
import type { ClinicVerification, VerificationOutcome } from '@clinicpass/shared/schemas/clinic';
import type { TFunction } from 'i18next';

export type OutcomeSeverity = 'success' | 'info' | 'warning' | 'error';

/** How each outcome reads at the counter: go (valid), nothing to do, wait, or refused. */
const SEVERITY: Record<VerificationOutcome, OutcomeSeverity> = {
  valid: 'success',
  already_used: 'info',
  not_yet_effective: 'warning',
  no_open_visit: 'warning',
  expired: 'error',
  revoked: 'error',
  wrong_ticket_type: 'error',
  not_in_network: 'error',
  unknown: 'error',
  quota_used_up: 'error',
};

/** A calendar date (`2026-11-25`) as the language writes it. */
export function formatDate(value: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'zh-HK' ? 'zh-HK' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(`${value}T00:00:00Z`));
}

/** The outcome's title and the sentence telling the counter what it means and what to do. */
export function outcomeText(
  verification: Pick<ClinicVerification, 'outcome' | 'ticket_type' | 'effective_date'>,
  t: TFunction<'clinic'>,
  language: Language,
): { title: string; detail: string; severity: OutcomeSeverity } {
  const { outcome, ticket_type: type, effective_date: effective } = verification;
  const title = t(`outcome.${outcome}`);
  const severity = SEVERITY[outcome];
  switch (outcome) {
    case 'not_yet_effective':
      return {
        title,
        severity,
        detail:
          effective === null
            ? t('outcome.detail.not_yet_effective_undated')
            : t('outcome.detail.not_yet_effective', { date: formatDate(effective, language) }),
      };
    case 'wrong_ticket_type':
      return {
        title,
        severity,
        detail:
          type === null
            ? t('outcome.detail.unknown')
            : t('outcome.detail.wrong_ticket_type', { type: t(`ticketType.${type}`) }),
      };
    case 'valid':
    case 'expired':
    case 'revoked':
    case 'already_used':
    case 'not_in_network':
    case 'unknown':
    case 'no_open_visit':
    case 'quota_used_up':
      return { title, severity, detail: t(`outcome.detail.${outcome}`) };
  }
}
