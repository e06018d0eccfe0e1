import type { Announcement } from '@clinicpass/shared/schemas/outpatient';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { StackedNotification } from '../../../components/notification';
import { useLanguage } from '../../../lib/i18n';
import type { MeResponse } from '@clinicpass/shared/schemas/identity';

import { identityApi } from '../../auth/api/identity-api';
import { IDENTITY_QUERY_KEY } from '../../auth/hooks/use-identity';
import { fetchAnnouncements } from '../api/announcements-api';
import { addDismissed, pruneDismissed, readDismissed, writeDismissed } from '../lib/dismissed';
import { dismissNotification, useNotifications } from '../lib/notifications';

/** Banner width on wide screens (spec §2.5). */
export const BANNER_WIDTH = 360;

function useSignInTag(): 'customer' | 'guest' | undefined {
  // Only observes: the sign-in state is fetched by the pages that need it (no request here).
  const { data } = useQuery<MeResponse>({
    queryKey: IDENTITY_QUERY_KEY,
    queryFn: identityApi.me,
    enabled: false,
  });
  return data?.tag;
}

function useAnnouncements() {
  const tag = useSignInTag();
  const query = useQuery({
    queryKey: ['announcements', tag ?? 'auto'],
    queryFn: () => fetchAnnouncements(tag),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  const [dismissed, setDismissed] = useState<number[]>(readDismissed);

  // Forget dismissed ids that are no longer served.
  useEffect(() => {
    if (query.data === undefined) return;
    const pruned = pruneDismissed(
      readDismissed(),
      query.data.map((a) => a.id),
    );
    // Storage only: ids no longer served are filtered out below anyway.
    writeDismissed(pruned);
  }, [query.data]);

  const dismiss = (announcement: Announcement) => {
    if (!announcement.is_dismissable) return;
    const next = addDismissed(readDismissed(), announcement.id);
    writeDismissed(next);
    setDismissed(next);
  };
  const visible = (query.data ?? []).filter((a) => !dismissed.includes(a.id));
  return { visible, dismiss };
}

/**
 * Stacked banners (spec §2.5): announcements for the member's tag and the app's own
 * notifications; top right on wide screens, at the bottom on narrow ones (above a bottom
 * navigation), 360 px wide, elevation 2, a shrinking bar when timed, a close button only when
 * dismissable. On narrow screens a spacer as tall as the stack keeps the page's end reachable.
 */
export function AnnouncementBanners() {
  const { t } = useTranslation('announcements');
  const language = useLanguage();
  const { visible, dismiss } = useAnnouncements();
  const notifications = useNotifications();
  const stack = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);

  useLayoutEffect(() => {
    const element = stack.current;
    if (element === null || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      setHeight(element.offsetHeight);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [visible.length, notifications.length]);

  if (visible.length === 0 && notifications.length === 0) return null;
  return (
    <>
      <Box aria-hidden sx={{ height: { xs: height + 16, sm: 0 } }} />
      <Box
        component="section"
        ref={stack}
        aria-label={t('region')}
        sx={{
          position: 'fixed',
          // Above the page, below drawers and dialogs: an open picker or filter drawer must
          // never have its buttons covered by a banner (seen on phones with the finder).
          zIndex: 'appBar',
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          left: { xs: 8, sm: 'auto' },
          right: { xs: 8, sm: 16 },
          top: { xs: 'auto', sm: 72 },
          bottom: { xs: 'calc(var(--bottom-navigation-height, 0px) + 8px)', sm: 'auto' },
          width: { xs: 'auto', sm: BANNER_WIDTH },
          maxHeight: { xs: '50dvh', sm: 'calc(100dvh - 88px)' },
          overflowY: 'auto',
        }}
      >
        {notifications.map((notification) => (
          <StackedNotification
            key={notification.id}
            testId="notification-banner"
            notification={notification}
            onDismiss={() => {
              dismissNotification(notification.id);
            }}
          />
        ))}
        {visible.map((announcement) => (
          <StackedNotification
            key={announcement.id}
            testId="announcement-banner"
            live="status"
            notification={{
              id: String(announcement.id),
              type: announcement.message_type,
              body: sanitizeForDisplay(
                language === 'zh-HK'
                  ? announcement.content_zh || announcement.content_en
                  : announcement.content_en,
              ),
            }}
            onDismiss={
              announcement.is_dismissable
                ? () => {
                    dismiss(announcement);
                  }
                : undefined
            }
          />
        ))}
      </Box>
    </>
  );
}

/**
 * Announcements arrive as sanitised text; they are shown as text (React escapes it) and cleaned
 * once more here, so markup from a compromised source can never render.
 */
export function sanitizeForDisplay(text: string): string {
  return text
    .replace(/<\/?[a-z!][^>]*>?/gi, '')
    .replace(/[<>]/g, '')
    .trim();
}
