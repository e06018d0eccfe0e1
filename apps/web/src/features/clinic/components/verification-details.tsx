import { formatHkd } from '@clinicpass/shared/format/money';
import type { ClinicVerification, MemberUsage } from '@clinicpass/shared/schemas/clinic';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import { formatDate } from '../lib/outcome';

/** A time of day in Hong Kong (`14:05`). */
export function formatTime(instant: string, language: 'en' | 'zh-HK'): string {
  return new Intl.DateTimeFormat(language === 'zh-HK' ? 'zh-HK' : 'en-GB', {
    timeStyle: 'short',
    timeZone: 'Asia/Hong_Kong',
  }).format(new Date(instant));
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The policy year's use: visits used (of those included), body checks left, last visit. */
export function UsageRows({ usage }: { usage: MemberUsage }) {
  const { t } = useTranslation('clinic');
  const language = useLanguage();
  return (
    <>
      <Row term={t('member.visitsUsed')}>
        {usage.visits_included === null
          ? t('member.visitsUsedUnlimited', { used: usage.visits_used })
          : t('member.visitsUsedOf', {
              used: usage.visits_used,
              included: usage.visits_included,
            })}
      </Row>
      <Row term={t('member.bodyChecksLeft')}>{usage.body_checks_left}</Row>
      {usage.last_visit !== null && (
        <Row term={t('member.lastVisit')}>
          {t('member.lastVisitAt', {
            date: formatDate(usage.last_visit.date, language),
            clinic:
              language === 'zh-HK'
                ? usage.last_visit.venue_name_zh
                : usage.last_visit.venue_name_en,
          })}
        </Row>
      )}
    </>
  );
}

const listSx = {
  m: 0,
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, max-content) 1fr' },
  columnGap: 3,
  rowGap: { xs: 0.25, sm: 1 },
  '& dd': { mb: { xs: 1, sm: 0 } },
} as const;

/**
 * What the counter may see of a checked ticket: for a valid one the masked name, membership
 * number, plan, ticket type, the year's use and this venue's services with the member price
 * and the usual price. Never the HKID or the phone (the server does not send them).
 */
export function VerificationDetails({ verification }: { verification: ClinicVerification }) {
  const { t } = useTranslation('clinic');
  const language = useLanguage();
  const zh = language === 'zh-HK';
  const { member, services, visit, ticket_type: type } = verification;
  if (member === null) return null;
  const price = (value: number | null) => (value === null ? t('step.noPrice') : formatHkd(value));
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="section" sx={{ p: 2 }} aria-labelledby="clinic-member">
        <Typography variant="h2" id="clinic-member" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
          {t('member.heading')}
        </Typography>
        <Box component="dl" sx={listSx}>
          <Row term={t('member.name')}>
            <span data-testid="clinic-member-name">
              {zh ? member.masked_name_zh : member.masked_name_en}
            </span>
          </Row>
          <Row term={t('member.membershipNumber')}>{member.membership_number}</Row>
          <Row term={t('member.plan')}>{zh ? member.plan_name_zh : member.plan_name_en}</Row>
          {type !== null && <Row term={t('member.ticketType')}>{t(`ticketType.${type}`)}</Row>}
          <UsageRows usage={member.usage} />
          {visit?.status === 'open' && (
            <Row term={t('member.openVisit')}>
              {t('member.openVisitSince', { time: formatTime(visit.opened_at, language) })}
            </Row>
          )}
        </Box>
      </Paper>
      {type !== 'body-check' && (
        <Paper
          variant="outlined"
          component="section"
          sx={{ p: 2 }}
          aria-labelledby="clinic-services"
        >
          <Typography variant="h2" id="clinic-services" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
            {t('services.heading')}
          </Typography>
          {services.length === 0 ? (
            <Typography>{t('services.none')}</Typography>
          ) : (
            <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {services.map((service) => (
                <Box component="li" key={service.service_point_id}>
                  <Typography sx={{ fontWeight: 700 }}>
                    {zh ? service.name_zh : service.name_en}
                    {' · '}
                    {zh ? service.doctor_name_zh : service.doctor_name_en}
                  </Typography>
                  <Typography variant="body2">
                    {t('services.memberPrice')}: <strong>{price(service.member_price)}</strong>
                    {' · '}
                    {t('services.usualPrice')}: {price(service.usual_price)}
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
        </Paper>
      )}
    </Stack>
  );
}
