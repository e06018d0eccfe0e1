import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import SvgIcon from '@mui/material/SvgIcon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { RuntimeConfig } from '../config/runtime';
import {
  loadHelpWidget,
  openHelpWidget,
  setHelpWidgetLocale,
  type HelpWidgetApi,
} from '../lib/help-widget';
import { useLanguage } from '../lib/i18n';
import { MIN_TOUCH_TARGET } from '../lib/theme';

function HelpIcon() {
  return (
    <SvgIcon>
      <path d="M11 18h2v-2h-2v2Zm1-16a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16Zm0-14a4 4 0 0 0-4 4h2a2 2 0 1 1 4 0c0 2-3 1.75-3 5h2c0-2.25 3-2.5 3-5a4 4 0 0 0-4-4Z" />
    </SvgIcon>
  );
}

type State =
  | { name: 'idle' }
  | { name: 'loading' }
  | { name: 'ready'; api: HelpWidgetApi }
  | { name: 'unavailable' };

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The help button of the header, shown only when a support widget is configured. The widget
 * loads on the first press; if it never becomes ready the button quietly turns into a link to
 * call customer service.
 */
export function HelpButton({ settings }: { settings: NonNullable<RuntimeConfig['helpWidget']> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [state, setState] = useState<State>({ name: 'idle' });

  // The widget follows the page's language.
  const api = state.name === 'ready' ? state.api : undefined;
  useEffect(() => {
    if (api !== undefined) setHelpWidgetLocale(api, language);
  }, [api, language]);

  if (state.name === 'unavailable') {
    const phone = settings.customerServicePhone;
    return (
      <>
        <Link
          href={`tel:${phone.replace(/[^\d+]/g, '')}`}
          sx={{ display: 'inline-flex', alignItems: 'center', minHeight: MIN_TOUCH_TARGET }}
        >
          {t('help.contact')}
        </Link>
        <span role="status" style={visuallyHidden}>
          {t('help.unavailable', { phone })}
        </span>
      </>
    );
  }

  const loading = state.name === 'loading';
  return (
    <IconButton
      aria-label={loading ? t('help.loading') : t('help.button')}
      aria-busy={loading}
      color="inherit"
      onClick={() => {
        if (state.name === 'ready') {
          openHelpWidget(state.api, language);
          return;
        }
        if (loading) return;
        setState({ name: 'loading' });
        loadHelpWidget(settings).then(
          (ready) => {
            openHelpWidget(ready, language);
            setState({ name: 'ready', api: ready });
          },
          () => {
            setState({ name: 'unavailable' });
          },
        );
      }}
    >
      {loading ? <CircularProgress size={20} color="inherit" /> : <HelpIcon />}
    </IconButton>
  );
}
