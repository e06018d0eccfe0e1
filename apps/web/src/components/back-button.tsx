import Button from '@mui/material/Button';
import SvgIcon from '@mui/material/SvgIcon';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { localizePathname } from '../config/paths';
import { useLanguage } from '../lib/i18n';
import { readFrom } from '../lib/navigation-state';

/**
 * "Back" to the in-app page that linked here (navigation state `from`, see
 * `lib/navigation-state.ts`); renders nothing when the page was opened directly. The member may
 * have switched language since, so the previous address gets the current prefix.
 */
export function BackButton() {
  const { t } = useTranslation();
  const language = useLanguage();
  const from = readFrom(useLocation().state);
  if (from === null) return null;

  const url = new URL(from, 'http://app.invalid');
  return (
    <Button
      component={RouterLink}
      to={{ pathname: localizePathname(url.pathname, language), search: url.search }}
      startIcon={
        <SvgIcon fontSize="small">
          <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20v-2Z" />
        </SvgIcon>
      }
      sx={{ ml: -1 }}
    >
      {t('layout.back')}
    </Button>
  );
}
