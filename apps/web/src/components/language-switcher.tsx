import { LANGUAGES, type Language } from '@clinicpass/shared/i18n/languages';
import Button from '@mui/material/Button';
import SvgIcon from '@mui/material/SvgIcon';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { localizePathname } from '../config/paths';
import { useLanguage } from '../lib/i18n';
import { HTML_LANG, storeLanguage } from '../lib/language';

function GlobeIcon() {
  return (
    <SvgIcon fontSize="small">
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.93 6h-2.95a15.7 15.7 0 0 0-1.38-3.56A8.03 8.03 0 0 1 18.93 8ZM12 4.04c.83 1.2 1.48 2.53 1.91 3.96h-3.82A13.9 13.9 0 0 1 12 4.04ZM4.26 14a8.2 8.2 0 0 1 0-4h3.38a16.5 16.5 0 0 0 0 4H4.26Zm.81 2h2.95c.32 1.25.78 2.45 1.38 3.56A7.99 7.99 0 0 1 5.07 16Zm2.95-8H5.07a7.99 7.99 0 0 1 4.33-3.56A15.7 15.7 0 0 0 8.02 8ZM12 19.96A13.9 13.9 0 0 1 10.09 16h3.82A13.9 13.9 0 0 1 12 19.96ZM14.34 14H9.66a14.7 14.7 0 0 1 0-4h4.68a14.7 14.7 0 0 1 0 4Zm.26 5.56c.6-1.11 1.06-2.31 1.38-3.56h2.95a8.03 8.03 0 0 1-4.33 3.56ZM16.36 14a16.5 16.5 0 0 0 0-4h3.38a8.2 8.2 0 0 1 0 4h-3.38Z" />
    </SvgIcon>
  );
}

/**
 * A link to the same page in the other language: same path, query and hash, other prefix. The
 * choice is remembered for addresses opened without a prefix. The label is the other
 * language's own name, marked with its `lang` so screen readers pronounce it right.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const other: Language = LANGUAGES.find((candidate) => candidate !== language) ?? language;

  return (
    <Button
      component={RouterLink}
      to={{
        pathname: localizePathname(location.pathname, other),
        search: location.search,
        hash: location.hash,
      }}
      state={location.state as unknown}
      replace
      hrefLang={HTML_LANG[other]}
      // The prerendered shell's switcher is a plain link until the app runs: the page's starter
      // (public/start-after-paint.js) remembers this choice when it is tapped before then.
      data-language={other}
      onClick={() => {
        storeLanguage(other);
      }}
      color="inherit"
      startIcon={<GlobeIcon />}
    >
      <span lang={HTML_LANG[other]}>{t(`languageNames.${other}`)}</span>
    </Button>
  );
}
