import { isApiError } from '@clinicpass/shared/api-client/client';
import type { MemberSummary, Ticket } from '@clinicpass/shared/schemas/outpatient';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useNavigate, useOutletContext } from 'react-router';

import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { fetchMember, fetchTickets, memberCardKeys } from '../api/member-card-api';
import { clearViewToken, readViewToken } from '../lib/view-token';

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

/**
 * The frame of the member pages: the member and fresh tickets behind the view token, and the
 * bottom navigation. Without a live token the member goes back to the form.
 */
export function MemberLayout() {
  const { t } = useTranslation('member-card');
  const language = useLanguage();
  const navigate = useNavigate();
  const stored = readViewToken();
  const token = stored?.token ?? '';

  const member = useQuery({
    queryKey: memberCardKeys.member(token),
    queryFn: () => fetchMember(token),
    enabled: token !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const policyNumber = member.data?.policy_number ?? '';
  const tickets = useQuery({
    queryKey: memberCardKeys.tickets(token, policyNumber),
    queryFn: () => fetchTickets(policyNumber, token),
    enabled: token !== '' && policyNumber !== '',
    // Tokens are re-issued by the server on each look-up; keep the ones shown for a while.
    staleTime: 10 * 60 * 1000,
  });

  const expired = isExpired(member.error) || isExpired(tickets.error);
  useEffect(() => {
    if (!expired) return;
    clearViewToken();
    void navigate(paths.outpatient.memberCard.getHref(language), {
      replace: true,
      state: { expired: true },
    });
  }, [expired, language, navigate]);

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
    <Box sx={{ pb: `${BOTTOM_NAVIGATION_HEIGHT + 16}px` }}>
      {member.data === undefined || tickets.data === undefined ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      ) : (
        <Outlet
          context={{ token, member: member.data, tickets: tickets.data } satisfies MemberContext}
        />
      )}
      <MemberBottomNavigation />
    </Box>
  );
}
