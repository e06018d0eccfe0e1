import { LANGUAGE_PREFIXES, languageFromPrefix } from '@clinicpass/shared/i18n/languages';
import type { QueryFilters } from '@tanstack/react-query';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';

import { AppLayout } from '../../components/app-layout';
import { AnnouncementBanners } from '../../features/announcements/components/announcement-banners';
import { localizePathname } from '../../config/paths';
import {
  redirectTo,
  ScrollRestoration,
  useNavigating,
  type RouteLoadArgs,
  type RouteRedirect,
} from '../../lib/app-router';
import { applyLanguage } from '../../lib/i18n';
import { useIsFetching } from '@tanstack/react-query';
import { useNotifications } from '../../lib/notifications';
import { preferredLanguage } from '../../lib/language';

/** `/` and any address without a known language prefix: same address in the member's language. */
export function redirectToPreferredLanguage({ location }: RouteLoadArgs): RouteRedirect {
  return redirectTo(
    `${localizePathname(location.pathname, preferredLanguage())}${location.search}`,
  );
}

/**
 * Runs before any page of `/:lang/…` renders: an unknown first segment is a bare path and gets
 * a prefix; a known one (any case) is made canonical and sets the text language and
 * `<html lang>`, so the page never renders in the wrong language first.
 */
export async function languageLoader(args: RouteLoadArgs): Promise<RouteRedirect | null> {
  const language = languageFromPrefix(args.params.lang);
  if (language === null) return redirectToPreferredLanguage(args);
  if (args.params.lang !== LANGUAGE_PREFIXES[language]) {
    const { pathname, search } = args.location;
    return redirectTo(`${localizePathname(pathname, language)}${search}`);
  }
  await applyLanguage(language);
  return null;
}

/** How long nothing may load before a page counts as at rest (one answer often leads to the next). */
const QUIET_MS = 300;
/** A page that keeps loading (a slow or endless request) shows its banners after this at most. */
const MOST_WAIT_MS = 3000;

/**
 * Calls `settle` after `ms` as a transition (decision 227), so the banners it shows render in
 * slices rather than in one task; the returned function cancels it.
 */
function settleAfter(ms: number, settle: () => void): () => void {
  const timer = setTimeout(() => {
    startTransition(settle);
  }, ms);
  return () => {
    clearTimeout(timer);
  };
}

/** The page's own queries: every one but the banners'. */
const PAGE_QUERIES: QueryFilters = { predicate: (query) => query.queryKey[0] !== 'announcements' };

/**
 * Whether the page has come to rest: no navigation under way, and the page's first answers
 * arrived since it was opened (later fetches on the same page, a new filter, do not count).
 */
function usePageSettled(): boolean {
  const navigating = useNavigating();
  const fetching = useIsFetching(PAGE_QUERIES) > 0;
  const { pathname } = useLocation();
  const [settledFor, setSettledFor] = useState<string | null>(null);
  const busy = navigating || fetching;
  useEffect(() => {
    if (busy || settledFor === pathname) return undefined;
    return settleAfter(QUIET_MS, () => {
      setSettledFor(pathname);
    });
  }, [busy, pathname, settledFor]);
  useEffect(() => {
    if (settledFor === pathname) return undefined;
    return settleAfter(MOST_WAIT_MS, () => {
      setSettledFor(pathname);
    });
  }, [pathname, settledFor]);
  return !navigating && settledFor === pathname;
}

/**
 * The banners come after the page's content, so they wait for it (decision 179): drawn while
 * the page still shows its spinner, or while the next page loads (the QR page sending a member
 * to the form), they would stand near the top, then be pushed down when the content arrives,
 * a layout shift on the very pages a member uses at the counter.
 * A notification answers something the member did (a failed look-up): it shows at once.
 * A component of its own (decision 219): every request starting or ending changes whether the
 * page has settled, and only the banners render again for it, not the page beside them.
 */
function SettledBanners({ children }: { children: ReactNode }) {
  const settled = usePageSettled();
  const notified = useNotifications().length > 0;
  // The banners are the parent's element, so settling only restyles this box (an inline style:
  // no new CSS class to make) and does not render them again (decision 227).
  return <div style={{ display: settled || notified ? 'contents' : 'none' }}>{children}</div>;
}

export function LanguageLayout() {
  return (
    <AppLayout>
      <ScrollRestoration />
      <Outlet />
      {/* Announcement and notification banners on every page (spec §2.5), in the page's flow
          after its content, never over it (decision 155). */}
      <SettledBanners>
        <AnnouncementBanners />
      </SettledBanners>
    </AppLayout>
  );
}
