import type { Announcement, AnnouncementTag } from '@clinicpass/shared/schemas/outpatient';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { StackedNotification } from '../../../components/notification';
import { useLanguage } from '../../../lib/i18n';
import type { MeResponse } from '@clinicpass/shared/schemas/identity';

import { IDENTITY_QUERY_KEY } from '../../../lib/identity';
import { fetchMe } from '../../../lib/shell-routes';
import { fetchAnnouncements } from '../api/announcements-api';
import { addDismissed, pruneDismissed, readDismissed, writeDismissed } from '../lib/dismissed';
import { dismissNotification, useNotifications } from '../../../lib/notifications';

/** Banner width on wide screens (spec §2.5). */
export const BANNER_WIDTH = 360;

function useSignInTag(): 'customer' | 'guest' | undefined {
  // Only observes: the sign-in state is fetched by the pages that need it (no request here).
  const { data } = useQuery<MeResponse>({
    queryKey: IDENTITY_QUERY_KEY,
    queryFn: fetchMe,
    enabled: false,
  });
  return data?.tag;
}

/** The announcements' query key for a sign-in tag (`auto`: the server decides). */
export const announcementsKey = (tag: AnnouncementTag | undefined) =>
  ['announcements', tag ?? 'auto'] as const;

function useAnnouncements() {
  const tag = useSignInTag();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: announcementsKey(tag),
    queryFn: async () => {
      if (tag !== undefined) {
        // A request without a tag still under way (sent before this tab knew who is signed in)
        // answers for this tag too, most likely: its answer is waited for rather than asked again.
        const key = announcementsKey(tag);
        const untagged = client
          .getQueryCache()
          .find({ queryKey: announcementsKey(undefined), exact: true });
        if (untagged?.state.fetchStatus === 'fetching') {
          const before = client.getQueryState(key)?.dataUpdatedAt ?? 0;
          await untagged.promise?.catch(() => undefined);
          const kept = client.getQueryState<Announcement[]>(key);
          if (kept?.data !== undefined && kept.dataUpdatedAt > before) return kept.data;
        }
      }
      const { announcements, answeredFor } = await fetchAnnouncements(tag);
      // Asked without a tag, the answer is kept under the tag the server chose as well: once
      // this tab learns who is signed in (the same session), the banners need no second request
      // (decision 034's "no extra request"; decision 239). Sign-in or out changes the tag to
      // one without an answer, which is then asked for.
      if (tag === undefined && answeredFor !== undefined) {
        client.setQueryData(announcementsKey(answeredFor), announcements);
      }
      return announcements;
    },
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  const [dismissed, setDismissed] = useState<number[]>(readDismissed);

  // Forget dismissed ids that are no longer served.
  useEffect(() => {
    if (query.data === undefined) return;
    const stored = readDismissed();
    const pruned = pruneDismissed(
      stored,
      query.data.map((a) => a.id),
    );
    // Storage only: ids no longer served are filtered out below anyway. Written only when it
    // changes: each write is a synchronous round trip to the browser (decision 227).
    if (pruned.length !== stored.length) writeDismissed(pruned);
  }, [query.data]);

  const dismiss = (announcement: Announcement) => {
    if (!announcement.is_dismissable) return;
    const next = addDismissed(readDismissed(), announcement.id);
    writeDismissed(next);
    setDismissed(next);
  };
  // The banners are drawn as a transition (decision 227): the answer's own update is synchronous
  // (the query store), so without this the whole stack would render in one task as it arrives.
  const shown = useDeferredValue(query.data);
  const visible = (shown ?? []).filter((a) => !dismissed.includes(a.id));
  return { visible, dismiss };
}

/** The most serious banner comes first: it is the one shown while the stack is collapsed. */
const SEVERITY: Record<string, number> = { error: 0, warning: 1, success: 2, info: 3 };

/**
 * Stacked banners (spec §2.5, issue 16, decision 155): the app's own notifications, then the
 * announcements for the member's tag, most serious first; a close button only when dismissable.
 * The stack takes its own place in the page's flow, after the page's content (full width on
 * narrow screens, 360 px at the right of the column on wide ones), so it never lies over any
 * content and, arriving after first paint, never pushes the content down. Beyond the first
 * banner it collapses, with a control to show all.
 */
export function AnnouncementBanners() {
  const { t } = useTranslation('announcements');
  const language = useLanguage();
  const { visible, dismiss } = useAnnouncements();
  const notifications = useNotifications();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();

  const banners = [
    ...notifications.map((notification) => (
      <StackedNotification
        key={`n-${notification.id}`}
        testId="notification-banner"
        notification={notification}
        onDismiss={() => {
          dismissNotification(notification.id);
        }}
      />
    )),
    ...[...visible]
      .sort(
        (a, b) => (SEVERITY[a.message_type] ?? 9) - (SEVERITY[b.message_type] ?? 9) || a.id - b.id,
      )
      .map((announcement) => (
        <StackedNotification
          key={`a-${announcement.id}`}
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
      )),
  ];
  if (banners.length === 0) return null;
  const collapsible = banners.length > 1;
  return (
    <Box
      component="section"
      aria-label={t('region')}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        mt: 2,
        // Clear of a fixed bottom navigation (member pages), so the last banner stays reachable.
        mb: 'var(--bottom-navigation-height, 0px)',
        width: { xs: '100%', sm: BANNER_WIDTH },
        maxWidth: '100%',
        ml: { sm: 'auto' },
      }}
    >
      <Box id={listId} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {expanded || !collapsible ? banners : banners.slice(0, 1)}
      </Box>
      {collapsible && (
        <Button
          size="small"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => {
            setExpanded((value) => !value);
          }}
          sx={{ alignSelf: 'flex-end', minHeight: 44 }}
        >
          {expanded ? t('showFewer') : t('showAll', { count: banners.length })}
        </Button>
      )}
    </Box>
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
