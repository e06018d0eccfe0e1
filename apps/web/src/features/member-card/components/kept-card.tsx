// Keeping the card on this device (issue 16, decision 156): the opt-in and "Forget" on the QR
// page, and the kept card shown when the network (or the view token) is gone.
import type { MeResponse } from '@clinicpass/shared/schemas/identity';
import { TICKET_TYPES, type Ticket } from '@clinicpass/shared/schemas/outpatient';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DocumentTitle } from '../../../components/document-title';
import { InlineNotification } from '../../../components/notification';
import { useLanguage } from '../../../lib/i18n';
import { IDENTITY_QUERY_KEY } from '../../../lib/identity';
import {
  forgetKeptCards,
  hongKongToday,
  keepCard,
  keptCardOf,
  readKeptCard,
  type KeptCard,
  type KeptCardRead,
} from '../../../lib/kept-card';
import { clearViewToken } from '../../../lib/view-token';

import { QrTicketCard } from '../../../components/qr-ticket-card';

export const KEPT_CARD_QUERY_KEY = ['member-card', 'kept'] as const;

/** The card kept on this device; `undefined` while IndexedDB is read. */
export function useKeptCard(): KeptCardRead | undefined {
  return useQuery({
    queryKey: KEPT_CARD_QUERY_KEY,
    queryFn: () => readKeptCard(),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  }).data;
}

function useAsOf(): (iso: string) => string {
  const language = useLanguage();
  return (iso) =>
    new Intl.DateTimeFormat(language === 'zh-HK' ? 'zh-HK' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Hong_Kong',
    }).format(new Date(iso));
}

const sameTokens = (card: KeptCard, tickets: Ticket[]) =>
  card.tickets.map((t) => t.token).join() === tickets.map((t) => t.token).join();

/**
 * Under the QR codes: "Keep this card on this device" (an opt-in: phones are shared), or, once
 * kept, "Forget this card on this device". A kept card follows the codes shown (each look-up
 * issues new ones). Full or denied storage only says so: the codes above still show.
 */
export function KeepCardControl({
  member,
  tickets,
}: {
  member: { membership_number: string; name_en: string; name_zh: string };
  tickets: Ticket[];
}) {
  const { t } = useTranslation('member-card');
  const asOf = useAsOf();
  const headingId = useId();
  const queryClient = useQueryClient();
  const kept = useKeptCard();
  const [message, setMessage] = useState<'keepFailed' | 'forgotten' | null>(null);
  const [busy, setBusy] = useState(false);
  const keptCard =
    kept?.status === 'card' && kept.card.membership_number === member.membership_number
      ? kept.card
      : null;
  const ownerUserId = queryClient.getQueryData<MeResponse>(IDENTITY_QUERY_KEY)?.user?.id ?? null;

  const save = async () => {
    await keepCard(keptCardOf(member, tickets, ownerUserId));
    await queryClient.invalidateQueries({ queryKey: KEPT_CARD_QUERY_KEY });
  };

  useEffect(() => {
    if (keptCard === null || sameTokens(keptCard, tickets)) return;
    save().catch(() => {
      setMessage('keepFailed');
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the codes shown change
  }, [keptCard, tickets]);

  const onKeep = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await save();
    } catch {
      setMessage('keepFailed');
    } finally {
      setBusy(false);
    }
  };
  const onForget = async () => {
    setBusy(true);
    await forgetKeptCards();
    await queryClient.invalidateQueries({ queryKey: KEPT_CARD_QUERY_KEY });
    setMessage('forgotten');
    setBusy(false);
  };

  return (
    <Stack component="section" spacing={1} aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.125rem' }}>
        {t('kept.heading')}
      </Typography>
      <Typography variant="body2">
        {keptCard === null ? t('kept.explain') : t('kept.kept', { asOf: asOf(keptCard.as_of) })}
      </Typography>
      {keptCard === null ? (
        <Button
          variant="outlined"
          disabled={busy || kept === undefined}
          onClick={() => void onKeep()}
          sx={{ minHeight: 44, alignSelf: 'flex-start' }}
        >
          {t('kept.keep')}
        </Button>
      ) : (
        <Button
          variant="outlined"
          color="inherit"
          disabled={busy}
          onClick={() => void onForget()}
          sx={{ minHeight: 44, alignSelf: 'flex-start' }}
        >
          {t('kept.forget')}
        </Button>
      )}
      {message !== null && (
        <InlineNotification type={message === 'keepFailed' ? 'warning' : 'success'}>
          {t(`kept.${message}`)}
        </InlineNotification>
      )}
    </Stack>
  );
}

/** The kept card, shown without the network: the codes as kept, with when they were shown. */
export function KeptCardView({
  card,
  onForgotten,
}: {
  card: KeptCard;
  onForgotten: () => Promise<void>;
}) {
  const { t } = useTranslation('member-card');
  const language = useLanguage();
  const asOf = useAsOf();
  const queryClient = useQueryClient();
  const today = hongKongToday();
  const tickets = TICKET_TYPES.flatMap((type) =>
    card.tickets.filter((ticket) => ticket.type === type),
  ).map((ticket) => ({ ...ticket, enabled: ticket.enabled || ticket.effective_date <= today }));
  // Forgotten with the view token too (phones are shared); the page leaves before the member
  // pages learn there is no card any more.
  const onForget = async () => {
    await forgetKeptCards();
    clearViewToken();
    await onForgotten();
    await queryClient.invalidateQueries({ queryKey: KEPT_CARD_QUERY_KEY });
  };
  return (
    <Stack spacing={2}>
      <DocumentTitle page={t('qr.documentTitle')} />
      <Typography variant="h1">{t('qr.heading.page')}</Typography>
      <InlineNotification type="info" live="none" testId="kept-card-offline-note">
        {t('kept.offlineNote', { asOf: asOf(card.as_of) })}
      </InlineNotification>
      <Typography>
        {t('qr.holder', {
          name: language === 'zh-HK' ? card.name_zh : card.name_en,
          membershipNumber: card.membership_number,
        })}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, justifyContent: 'center' }}>
        {tickets.map((ticket) => (
          <QrTicketCard key={ticket.type} ticket={ticket} />
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('qr.remark')}
      </Typography>
      <Button
        variant="outlined"
        color="inherit"
        onClick={() => void onForget()}
        sx={{ minHeight: 44, alignSelf: 'flex-start' }}
      >
        {t('kept.forget')}
      </Button>
    </Stack>
  );
}
