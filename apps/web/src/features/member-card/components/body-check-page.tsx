import { ERROR_BANNER_MS } from '@clinicpass/shared/constants';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { DocumentTitle } from '../../../components/document-title';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { fetchBodyCheckInfo } from '../api/body-check-api';
import { createSharedLink, memberCardKeys } from '../api/member-card-api';
import { lookupErrorMessage } from '../lib/error-message';

import { BodyCheckRule } from './body-check-rule';
import { useMemberContext } from './member-layout';
import { QrTicketCard } from '../../../components/qr-ticket-card';

/**
 * Body check page (spec §2.1 item 3, §4): intro, content, location and booking sections; the
 * body-check QR with a share action; effective / not effective with the rule text.
 */
export function BodyCheckPage() {
  const { t } = useTranslation(['member-card', 'errors']);
  const language = useLanguage();
  const { member, tickets, token } = useMemberContext();
  const ticket = tickets.find((candidate) => candidate.type === 'body-check');
  // The centres (with their hours) and the booking line are the insurer's data (decision 133).
  const info = useQuery({ queryKey: memberCardKeys.bodyCheck, queryFn: fetchBodyCheckInfo });
  const local = (en: string, zh: string) => (language === 'zh-HK' ? zh : en);
  const effective = member.body_check.status === 'effective';

  const share = useMutation({
    mutationFn: async () => {
      const linkToken = await createSharedLink(token);
      const url = new URL(
        paths.outpatient.shared.getHref(language, linkToken),
        window.location.origin,
      ).toString();
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title: t('bodyCheck.shareTitle'), url });
          return 'shared' as const;
        } catch (error) {
          if (error instanceof DOMException && error.name === 'AbortError')
            return 'cancelled' as const;
        }
      }
      await navigator.clipboard.writeText(url);
      return 'copied' as const;
    },
    onSuccess: (outcome) => {
      if (outcome === 'copied')
        notify({ type: 'success', body: t('bodyCheck.copied'), timeout: ERROR_BANNER_MS });
    },
    onError: (error) => {
      notify({ type: 'error', body: lookupErrorMessage(error, t), timeout: ERROR_BANNER_MS });
    },
  });

  const date = (value: string) =>
    new Intl.DateTimeFormat(language === 'zh-HK' ? 'zh-HK' : 'en-GB', {
      dateStyle: 'medium',
      timeZone: 'UTC',
    }).format(new Date(`${value}T00:00:00Z`));

  return (
    <Stack spacing={3}>
      <DocumentTitle page={t('bodyCheck.documentTitle')} />
      <Stack spacing={1} component="section" aria-labelledby="body-check-intro">
        <Typography variant="h1" id="body-check-intro">
          {t('bodyCheck.heading')}
        </Typography>
        <Typography>{t('bodyCheck.intro')}</Typography>
        <Box>
          {member.body_check.status === 'not_covered' ? (
            <Chip label={t('bodyCheck.notCovered')} />
          ) : (
            <Chip
              color={effective ? 'success' : 'default'}
              label={effective ? t('bodyCheck.effective') : t('bodyCheck.notEffective')}
              data-testid="body-check-status"
            />
          )}
        </Box>
        {member.body_check.effective_date !== null && (
          <Typography>
            {effective
              ? t('bodyCheck.effectiveSince', { date: date(member.body_check.effective_date) })
              : t('bodyCheck.effectiveFrom', { date: date(member.body_check.effective_date) })}
          </Typography>
        )}
        {member.body_check.status !== 'not_covered' && (
          <BodyCheckRule checksPerYear={member.body_check.checks_per_year} />
        )}
      </Stack>

      {ticket !== undefined && (
        <Box
          component="section"
          aria-label={t('bodyCheck.qrSection')}
          sx={{ display: 'flex', justifyContent: 'center' }}
        >
          <QrTicketCard
            ticket={ticket}
            action={
              <Button
                variant="contained"
                color="inherit"
                onClick={() => {
                  share.mutate();
                }}
                disabled={share.isPending}
                sx={{ color: 'text.primary', bgcolor: '#FFFFFF' }}
              >
                {t('bodyCheck.share')}
              </Button>
            }
          />
        </Box>
      )}

      <Stack spacing={1} component="section" aria-labelledby="body-check-content">
        <Typography variant="h2" id="body-check-content">
          {t('bodyCheck.contentHeading')}
        </Typography>
        <List dense disablePadding sx={{ listStyle: 'disc', pl: 3 }}>
          {(['physical', 'blood', 'urine', 'chest', 'report'] as const).map((item) => (
            <ListItem key={item} sx={{ display: 'list-item', py: 0 }}>
              <ListItemText primary={t(`bodyCheck.content.${item}`)} />
            </ListItem>
          ))}
        </List>
      </Stack>

      <Stack spacing={1} component="section" aria-labelledby="body-check-location">
        <Typography variant="h2" id="body-check-location">
          {t('bodyCheck.locationHeading')}
        </Typography>
        {info.isPending && <CircularProgress size={24} aria-label={t('bodyCheck.loading')} />}
        {info.isError && <Typography role="alert">{t('bodyCheck.unavailable')}</Typography>}
        {info.data?.centres.map((centre) => (
          <Box key={centre.code}>
            <Typography variant="h3">{local(centre.name_en, centre.name_zh)}</Typography>
            <Typography>{local(centre.address_en, centre.address_zh)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {local(centre.hours_en, centre.hours_zh)}
            </Typography>
          </Box>
        ))}
      </Stack>

      <Stack spacing={1} component="section" aria-labelledby="body-check-booking">
        <Typography variant="h2" id="body-check-booking">
          {t('bodyCheck.bookingHeading')}
        </Typography>
        {info.data?.booking_phone != null && (
          <>
            <Typography>{t('bodyCheck.booking')}</Typography>
            <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }} data-testid="booking-phone">
              {info.data.booking_phone}
            </Typography>
          </>
        )}
      </Stack>
    </Stack>
  );
}
