// What a result card says of its venue's hours and of its details (issue 19): "Open now · until
// 13:00", "Opens 14:00" or "Closed today" as the server computed them in Hong Kong time, when the
// details were last checked or that they may be out of date, and a warning when members have
// reported the clinic closed or the doctor gone.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import type { ServicePoint } from '../model/types';

/** "Nov 2026" / "2026年11月": the month the details were checked, in Hong Kong. */
export function checkedMonth(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'zh-HK' ? 'zh-HK' : 'en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Hong_Kong',
  }).format(new Date(iso));
}

export function DirectoryLines({ point }: { point: ServicePoint }) {
  const { t } = useTranslation('doctor-finder');
  const language = useLanguage();
  const zh = language === 'zh-HK';
  const { opening } = point;
  const text = (value: { en: string | null; zh: string | null } | null) =>
    value === null ? null : zh ? (value.zh ?? value.en) : (value.en ?? value.zh);
  const state =
    opening.state === 'open'
      ? t('hours.openUntil', { time: opening.until ?? '' })
      : opening.state === 'opens_later'
        ? t('hours.opensAt', { time: opening.opens_at ?? '' })
        : opening.state === 'closed_today'
          ? t('hours.closedToday')
          : (text(opening.hours_text) ?? t('hours.unknown'));
  const note = text(opening.hours_note);
  return (
    <Stack spacing={0.5}>
      {point.flagged && (
        <Alert severity="warning" variant="outlined">
          {t('freshness.flagged')}
        </Alert>
      )}
      <Typography
        variant="body2"
        sx={{
          fontWeight: 600,
          color: opening.state === 'open' ? 'success.dark' : 'text.primary',
        }}
      >
        {state}
      </Typography>
      {note !== null && (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {point.last_verified_at === null
          ? t('freshness.never')
          : t('freshness.checked', { date: checkedMonth(point.last_verified_at, language) })}
        {point.details_stale && point.last_verified_at !== null ? ` · ${t('freshness.stale')}` : ''}
      </Typography>
    </Stack>
  );
}
