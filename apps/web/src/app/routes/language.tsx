import { LANGUAGE_PREFIXES, languageFromPrefix } from '@clinicpass/shared/i18n/languages';
import Box from '@mui/material/Box';
import {
  Outlet,
  replace,
  ScrollRestoration,
  useNavigation,
  type LoaderFunctionArgs,
} from 'react-router';

import { AppLayout } from '../../components/app-layout';
import { AnnouncementBanners } from '../../features/announcements/components/announcement-banners';
import { localizePathname } from '../../config/paths';
import { applyLanguage } from '../../lib/i18n';
import { preferredLanguage } from '../../lib/language';

/** `/` and any address without a known language prefix: same address in the member's language. */
export function redirectToPreferredLanguage({ request }: LoaderFunctionArgs): Response {
  const url = new URL(request.url);
  return replace(`${localizePathname(url.pathname, preferredLanguage())}${url.search}`);
}

/**
 * Runs before any page of `/:lang/…` renders: an unknown first segment is a bare path and gets
 * a prefix; a known one (any case) is made canonical and sets the text language and
 * `<html lang>`, so the page never renders in the wrong language first.
 */
export async function languageLoader(args: LoaderFunctionArgs): Promise<Response | null> {
  const language = languageFromPrefix(args.params.lang);
  if (language === null) return redirectToPreferredLanguage(args);
  if (args.params.lang !== LANGUAGE_PREFIXES[language]) {
    const url = new URL(args.request.url);
    return replace(`${localizePathname(url.pathname, language)}${url.search}`);
  }
  await applyLanguage(language);
  return null;
}

export function LanguageLayout() {
  // While the next page loads, the current one can be empty (a page that sends the member on,
  // as the QR page does without a member): the banners would be drawn at its top, then pushed
  // down when the page arrives, a layout shift. They wait for the page (decision 179).
  const navigating = useNavigation().state !== 'idle';
  return (
    <AppLayout>
      <ScrollRestoration />
      <Outlet />
      {/* Announcement and notification banners on every page (spec §2.5), in the page's flow
          after its content, never over it (decision 155). */}
      <Box sx={{ display: navigating ? 'none' : 'contents' }}>
        <AnnouncementBanners />
      </Box>
    </AppLayout>
  );
}
