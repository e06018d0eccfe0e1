// What a result card says of its venue's hours and of its details (issue 19): "Open now · until
// 13:00", "Opens 14:00" or "Closed today" as the server computed them in Hong Kong time, when the
// details were last checked or that they may be out of date, and a warning when members have
// reported the clinic closed or the doctor gone.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import type { ServicePoint } from '../model/types';

/** Hong Kong has kept UTC+8 all year since 1979. */
const HK_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * The Hong Kong month and year the details were checked: "Nov 2026" / "2026年11月". Worked out
 * by hand, not with `Intl.DateTimeFormat` and a time zone: the first such formatter loads ICU's
 * zone data, ~20 ms while the first page of results is drawn, and nothing else on the finder
 * needs it (decision 224).
 */
export function checkedMonth(iso: string, t: TFunction<'doctor-finder'>): string {
  const hk = new Date(Date.parse(iso) + HK_OFFSET_MS);
  const month = String(
    hk.getUTCMonth() + 1,
  ) as `${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12}`;
  return t('freshness.month', {
    name: t(`freshness.monthNames.${month}`),
    year: hk.getUTCFullYear(),
  });
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
          : t('freshness.checked', { date: checkedMonth(point.last_verified_at, t) })}
        {point.details_stale && point.last_verified_at !== null ? ` · ${t('freshness.stale')}` : ''}
      </Typography>
    </Stack>
  );
}
