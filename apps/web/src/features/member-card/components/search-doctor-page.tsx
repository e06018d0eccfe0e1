import type { CoveredService } from '@clinicpass/shared/schemas/outpatient';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { DocumentTitle } from '../../../components/document-title';
import { doctorFinderHref } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { fromHere } from '../../../lib/navigation-state';

import { useMemberContext } from './member-layout';

const CATEGORIES = [
  'general-practitioner',
  'specialist-practitioner',
  'chinese-medicine',
  'dental',
  'bodycheck',
  'others',
] as const;

/** Search Doctor page (spec §2.1 item 4): the services the plan covers, each opening the finder. */
export function SearchDoctorPage() {
  const { t } = useTranslation('member-card');
  const language = useLanguage();
  const location = useLocation();
  const { member } = useMemberContext();
  const panel = member.medical_network_panel === 'go' ? 'go' : 'outpatient';
  const finder = doctorFinderHref(language, panel, member.policy_number);
  const byCategory = (category: string): CoveredService[] =>
    member.covered_services.filter((service) => service.category === category);

  return (
    <Stack spacing={2}>
      <DocumentTitle page={t('doctors.documentTitle')} />
      <Typography variant="h1">{t('doctors.heading')}</Typography>
      <Typography>{t('doctors.intro')}</Typography>
      {CATEGORIES.filter((category) => byCategory(category).length > 0).map((category) => (
        <Stack
          key={category}
          component="section"
          spacing={1}
          aria-labelledby={`category-${category}`}
        >
          <Typography variant="h2" id={`category-${category}`} sx={{ fontSize: '1rem' }}>
            {t(`doctors.categories.${category}`)}
          </Typography>
          <List disablePadding sx={{ bgcolor: 'background.paper', borderRadius: 1 }}>
            {byCategory(category).map((service) => (
              <ListItem key={service.id} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={`${finder}?services=${service.id}`}
                  state={fromHere(location)}
                >
                  <ListItemText
                    primary={language === 'zh-HK' ? service.name_zh : service.name_en}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}
