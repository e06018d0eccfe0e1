import { PANELS, type Panel } from '@clinicpass/shared/constants';
import { formatHkd } from '@clinicpass/shared/format/money';
import { formatHkPhone } from '@clinicpass/shared/format/phone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import { useIdentity } from '../../../lib/identity';
import { displayPricesFor, feeLabelKey, type DisplayPrice } from '../model/price-model';
import type { ServicePoint } from '../model/types';

import { BookmarkToggle } from './bookmark-toggle';
import { DirectoryLines } from './directory-lines';
import { PhoneIcon, PlaceIcon } from './icons';
import { ReportButton } from './report-dialog';

/** A maps search for a venue, built from its two address lines (spec §2.4). */
export function mapsSearchHref(address: { line_one: string; line_two: string }): string {
  const query = [address.line_one, address.line_two]
    .filter((line) => line.trim() !== '')
    .join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** Phones, tablets: the call button shows only there (spec §5). */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Windows Phone/i.test(userAgent);
}

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function PriceBlock({ price }: { price: DisplayPrice }) {
  const { t } = useTranslation('doctor-finder');
  const language = useLanguage();
  return (
    <Box sx={{ bgcolor: 'rgba(194, 24, 91, 0.06)', borderRadius: 1, p: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {t(feeLabelKey(price.serviceCode))}
      </Typography>
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}
      >
        <Typography
          component="span"
          sx={{ fontWeight: 700, fontSize: '1.25rem', color: 'primary.dark' }}
        >
          {t('card.memberPrice', { price: formatHkd(price.memberPrice) })}
        </Typography>
        {price.markedPrice !== null && (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('card.markedPrice', { price: formatHkd(price.markedPrice) })}
          </Typography>
        )}
      </Stack>
      {price.saving !== null && price.savingPercentage !== null && (
        <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 600 }}>
          {t('card.saving', {
            saving: formatHkd(price.saving),
            percentage: price.savingPercentage,
          })}
        </Typography>
      )}
      {price.includedTreatments.length > 0 && (
        <Typography variant="body2">
          {t('card.includes', {
            list: price.includedTreatments
              .map((treatment) =>
                t('card.treatment', {
                  quantity: treatment.quantity,
                  unit: language === 'zh-HK' ? treatment.unit_zh : treatment.unit_en,
                  name: language === 'zh-HK' ? treatment.name_zh : treatment.name_en,
                }),
              )
              .join(t('picker.separator')),
          })}
        </Typography>
      )}
    </Box>
  );
}

/** One service point (spec §2.4 result card). */
export function ResultCard({ panel, point }: { panel: Panel; point: ServicePoint }) {
  const { t } = useTranslation('doctor-finder');
  const language = useLanguage();
  const { signedIn } = useIdentity();
  const zh = language === 'zh-HK';
  const doctorName = zh ? point.doctor.name_zh || point.doctor.name_en : point.doctor.name_en;
  const pill = point.specialty
    ? zh
      ? point.specialty.description_zh
      : point.specialty.description_en
    : zh
      ? point.service.name_zh
      : point.service.name_en;
  const venue = zh ? point.venue.name_zh || point.venue.name_en : point.venue.name_en;
  const district = zh ? point.venue.district.name_zh : point.venue.district.name_en;
  const phones = point.doctor.phones
    .filter((phone) => phone.no.trim() !== '')
    .map((phone) => ({ no: phone.no, shown: formatHkPhone(phone.no), label: phone.label }));
  const prices =
    panel === PANELS.primary ? displayPricesFor(point.doctor.payment_info, point.service.code) : [];
  const firstPhone = phones[0]?.no;
  const showCall =
    firstPhone !== undefined &&
    typeof navigator !== 'undefined' &&
    isMobileUserAgent(navigator.userAgent);

  return (
    <Card
      component="article"
      variant="outlined"
      aria-label={doctorName}
      sx={{ height: '100%', overflowWrap: 'anywhere' }}
    >
      <CardContent component={Stack} spacing={1.25}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}
        >
          <Typography variant="h3" component="h2">
            {doctorName}
          </Typography>
          <Chip
            label={pill}
            size="small"
            color="secondary"
            variant="outlined"
            sx={{ maxWidth: '50%', flexShrink: 0 }}
          />
        </Stack>
        <Typography sx={{ fontWeight: 600 }}>{venue}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PlaceIcon fontSize="small" color="action" aria-hidden />
          <Link
            href={mapsSearchHref(point.venue.address)}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
            aria-label={t('card.mapLink', {
              address: zh
                ? point.venue.address.line_two || point.venue.address.line_one
                : point.venue.address.line_one,
            })}
          >
            {zh
              ? point.venue.address.line_two || point.venue.address.line_one
              : point.venue.address.line_one}
            {district ? ` (${district})` : ''}
          </Link>
        </Stack>
        {phones.length > 0 && (
          <Stack
            direction="row"
            useFlexGap
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <PhoneIcon fontSize="small" color="action" aria-hidden />
            {phones.map((phone) => {
              const text = phone.label ? `${phone.shown} (${phone.label})` : phone.shown;
              return (
                <Link
                  key={phone.no}
                  href={telHref(phone.no)}
                  aria-label={t('card.phone', { phone: text })}
                  sx={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
                >
                  {text}
                </Link>
              );
            })}
          </Stack>
        )}
        <DirectoryLines point={point} />
        {prices.map((price) => (
          <PriceBlock key={price.serviceCode} price={price} />
        ))}
        {signedIn && (
          <BookmarkToggle
            servicePointId={point.id}
            bookmarked={point.is_bookmarked}
            doctorName={doctorName}
          />
        )}
        {showCall && (
          <Button variant="contained" href={telHref(firstPhone)} startIcon={<PhoneIcon />}>
            {t('card.call')}
          </Button>
        )}
        <ReportButton servicePointId={point.id} doctorName={doctorName} />
      </CardContent>
    </Card>
  );
}
