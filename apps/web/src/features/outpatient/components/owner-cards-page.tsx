import type { MedicalCard } from '@clinicpass/shared/schemas/outpatient';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';

import { DocumentTitle } from '../../../components/document-title';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { fetchOwnerCards, medicalCardKeys } from '../../../lib/medical-cards';
import { ticketsQuery } from '../../../lib/tickets';

import { MemberCardPanel } from './member-card-panel';
import { useSignedIn } from '../api/sign-in-state';

function PolicyCards({ policyNumber, cards }: { policyNumber: string; cards: MedicalCard[] }) {
  const { t } = useTranslation('outpatient');
  const tickets = useQuery(ticketsQuery({ policyNumber, token: null }));
  return (
    <Stack spacing={2} component="section" aria-label={t('owner.policy', { policyNumber })}>
      <Typography variant="h2">{t('owner.policy', { policyNumber })}</Typography>
      {cards.map((card) => (
        <MemberCardPanel
          key={card.member_code}
          card={card}
          headingLevel="h3"
          tickets={(tickets.data ?? []).filter(
            (ticket) => ticket.membership_number === card.card_number,
          )}
        />
      ))}
    </Stack>
  );
}

/** `/e-card/owner`: the signed-in owner's members and their QR cards, per policy. */
export function OwnerCardsPage() {
  const { t } = useTranslation('outpatient');
  const language = useLanguage();
  const signedIn = useSignedIn();
  const cards = useQuery({
    queryKey: medicalCardKeys.owner,
    queryFn: fetchOwnerCards,
    enabled: signedIn.data === true,
  });

  if (signedIn.data === false) {
    return (
      <Navigate
        replace
        to={paths.outpatient.login.withNext(
          language,
          paths.outpatient.eCardOwner.getHref(language),
        )}
      />
    );
  }
  if (cards.error !== null) throw cards.error;
  const byPolicy = new Map<string, MedicalCard[]>();
  for (const card of (cards.data ?? []).filter((c) => c.card_type === 'outpatient-card')) {
    byPolicy.set(card.policy_number, [...(byPolicy.get(card.policy_number) ?? []), card]);
  }
  return (
    <Stack spacing={3}>
      <DocumentTitle page={t('owner.documentTitle')} />
      <Typography variant="h1">{t('owner.heading')}</Typography>
      {cards.data === undefined ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      ) : byPolicy.size === 0 ? (
        <Typography>{t('owner.none')}</Typography>
      ) : (
        [...byPolicy].map(([policyNumber, policyCards]) => (
          <PolicyCards key={policyNumber} policyNumber={policyNumber} cards={policyCards} />
        ))
      )}
    </Stack>
  );
}
