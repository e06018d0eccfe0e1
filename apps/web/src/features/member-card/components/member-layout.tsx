import { isApiError } from '@clinicpass/shared/api-client/client';
import type { MemberSummary, Ticket } from '@clinicpass/shared/schemas/outpatient';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useOutletContext } from 'react-router';

import { paths } from '../../../config/paths';
import { useAppNavigate } from '../../../lib/app-router';
import { useLanguage } from '../../../lib/i18n';
import { ticketsQuery } from '../../../lib/tickets';
import { fetchMember, memberCardKeys } from '../api/member-card-api';
import { clearViewToken, readViewToken } from '../../../lib/view-token';
import { notify } from '../../../lib/notifications';

import { KeptCardView, useKeptCard } from './kept-card';
import { BOTTOM_NAVIGATION_HEIGHT, MemberBottomNavigation } from './member-bottom-navigation';

export interface MemberContext {
  token: string;
  member: MemberSummary;
  tickets: Ticket[];
}

export function useMemberContext(): MemberContext {
  return useOutletContext<MemberContext>();
}

function isExpired(error: unknown): boolean {
  return isApiError(error) && [401, 403, 404].includes(error.status);
}

/** No answer from the server: no network, or the server (or a proxy before it) is down. */
function isUnreachable(error: unknown): boolean {
  return isApiError(error) && [0, 502, 504].includes(error.status);
}

/**
 * The frame of the member pages: the member and fresh tickets behind the view token, and the
 * bottom navigation. Without a live token the member goes back to the form, unless a card is
 * kept on this device (decision 156): then, as when the server cannot be reached, the kept card
 * shows, with when it was shown.
 */
export function MemberLayout() {
  const { t } = useTranslation('member-card');
  const language = useLanguage();
  const navigate = useAppNavigate();
  const stored = readViewToken();
  const token = stored?.token ?? '';
  const kept = useKeptCard();
  const keptCard = kept?.status === 'card' ? kept.card : null;
  // With a kept card to fall back on, an unreachable server is not tried again and again.
  const retry = (count: number, error: Error) =>
    count < 2 &&
    !(keptCard !== null && isUnreachable(error)) &&
    !(isApiError(error) && error.status >= 400 && error.status < 500);

  // A kept card that was unreadable, of an old format or too old was removed: say so once.
  const noted = useRef(false);
  useEffect(() => {
    if (kept?.status !== 'dropped' || noted.current) return;
    noted.current = true;
    notify({
      type: 'warning',
      body: t(kept.reason === 'expired' ? 'kept.droppedExpired' : 'kept.droppedUnreadable'),
    });
  }, [kept, t]);

  const member = useQuery({
    queryKey: memberCardKeys.member(token),
    queryFn: () => fetchMember(token),
    enabled: token !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry,
  });
  const policyNumber = member.data?.policy_number ?? '';
  const tickets = useQuery({
    ...ticketsQuery({ policyNumber, token, enabled: token !== '' }),
    retry,
  });

  const expired = isExpired(member.error) || isExpired(tickets.error);
  // With a card kept on this device and nothing fresh yet, the first failed attempt to reach the
  // server (or a device that says it is offline) is enough to show it: the query's own
  // retries, a few seconds, are not waited for at the counter. A later answer shows the fresh
  // card in its place.
  const waiting = member.data === undefined || tickets.data === undefined;
  const unreachable =
    isUnreachable(member.error) ||
    isUnreachable(tickets.error) ||
    (waiting &&
      (isUnreachable(member.failureReason) ||
        isUnreachable(tickets.failureReason) ||
        (keptCard !== null && typeof navigator !== 'undefined' && !navigator.onLine)));
  useEffect(() => {
    if (!expired) return;
    clearViewToken();
    if (kept === undefined || keptCard !== null) return;
    void navigate(paths.outpatient.memberCard.getHref(language), {
      replace: true,
      state: { expired: true },
    });
  }, [expired, kept, keptCard, language, navigate]);

  if (keptCard !== null && (stored === null || expired || unreachable)) {
    return (
      <KeptCardView
        card={keptCard}
        onForgotten={async () => {
          await navigate(paths.outpatient.memberCard.getHref(language), { replace: true });
        }}
      />
    );
  }
  if (stored === null && kept === undefined) return <MemberLoading />;
  if (stored === null) {
    return (
      <Navigate
        to={paths.outpatient.memberCard.getHref(language)}
        replace
        state={{ expired: true }}
      />
    );
  }
  if (member.error !== null && !expired) throw member.error;
  if (tickets.error !== null && !expired) throw tickets.error;

  return (
    <MemberFrame>
      {member.data === undefined || tickets.data === undefined ? (
        <MemberLoading />
      ) : (
        <Outlet
          context={{ token, member: member.data, tickets: tickets.data } satisfies MemberContext}
        />
      )}
    </MemberFrame>
  );
}

/** The member pages' frame: the page, with room below it for the bottom navigation. */
export function MemberFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ pb: `${BOTTOM_NAVIGATION_HEIGHT + 16}px` }}>
      {children}
      <MemberBottomNavigation />
    </Box>
  );
}

/** While the member pages wait for what they show (the kept card, the member, the tickets). */
export function MemberLoading() {
  const { t } = useTranslation('member-card');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
