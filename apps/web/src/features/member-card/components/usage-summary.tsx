import type { MemberUsage } from '@clinicpass/shared/schemas/clinic';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';

const date = (value: string, language: string) =>
  new Intl.DateTimeFormat(language === 'zh-HK' ? 'zh-HK' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(`${value}T00:00:00Z`));

function Row({ term, children, testId }: { term: string; children: ReactNode; testId: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The policy year's use of the member's plan (issue 18): visits used (of those included, where
 * the product sets a limit), body checks left, and the last visit's date and clinic.
 */
export function UsageSummary({
  usage,
  headingLevel = 'h2',
}: {
  usage: MemberUsage | undefined;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation('member-card');
  const language = useLanguage();
  if (usage === undefined) return null;
  const last = usage.last_visit;
  return (
    <Card variant="outlined" component="section" aria-labelledby="member-usage">
      <CardContent>
        <Typography
          component={headingLevel}
          variant="h3"
          id="member-usage"
          sx={{ fontSize: '1.1rem', mb: 1 }}
        >
          {t('usage.heading', {
            from: date(usage.policy_year_start, language),
            to: date(usage.policy_year_end, language),
          })}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) auto',
            columnGap: 2,
            rowGap: 1,
            alignItems: 'baseline',
          }}
        >
          <Row term={t('usage.visits')} testId="usage-visits">
            {usage.visits_included === null
              ? t('usage.visitsUnlimited', { used: usage.visits_used })
              : t('usage.visitsOf', { used: usage.visits_used, included: usage.visits_included })}
          </Row>
          <Row term={t('usage.bodyChecksLeft')} testId="usage-body-checks">
            {usage.body_checks_left}
          </Row>
          <Row term={t('usage.lastVisit')} testId="usage-last-visit">
            {last === null
              ? t('usage.noVisit')
              : t('usage.lastVisitAt', {
                  date: date(last.date, language),
                  clinic: language === 'zh-HK' ? last.venue_name_zh : last.venue_name_en,
                })}
          </Row>
        </Box>
      </CardContent>
    </Card>
  );
}
