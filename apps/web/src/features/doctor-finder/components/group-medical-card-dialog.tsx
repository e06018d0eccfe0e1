import type { MedicalCard } from '@clinicpass/shared/schemas/outpatient';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import { useIdentity } from '../../../lib/identity';
import { fetchPolicyMedicalCards } from '../../../lib/medical-cards';
import { readViewToken } from '../../../lib/view-token';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </div>
  );
}

/** One medical card (spec §3): holder, card number, policy, type, company, validity. */
function MedicalCardView({ card }: { card: MedicalCard }) {
  const { t } = useTranslation('network');
  const language = useLanguage();
  const holder = language === 'zh-HK' ? card.holder_name_zh : card.holder_name_en;
  return (
    <Paper
      component="section"
      aria-label={holder}
      variant="outlined"
      sx={{ p: 2, background: 'linear-gradient(135deg, #FCE4EC, #E3F2FD)' }}
    >
      <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
        {holder}
      </Typography>
      <Stack component="dl" spacing={1} sx={{ m: 0 }}>
        <Field label={t('card.cardNumber')} value={card.card_number} />
        <Field label={t('card.policyNumber')} value={card.policy_number} />
        <Field label={t('card.cardType')} value={t(`card.types.${card.card_type}`)} />
        <Field label={t('card.company')} value={card.company} />
        <Field
          label={t('card.validity')}
          value={t('card.validityRange', { from: card.effective_from, to: card.effective_to })}
        />
      </Stack>
    </Paper>
  );
}

/** Without a member view token or a sign-in: the policy number and how to use the card. */
function PolicyOnly({ policyNumber }: { policyNumber: string }) {
  const { t } = useTranslation('network');
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2, background: 'linear-gradient(135deg, #FCE4EC, #E3F2FD)' }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('card.policyNumber')}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }}>{policyNumber}</Typography>
      <Typography variant="body2">{t('card.type')}</Typography>
    </Paper>
  );
}

/**
 * The group medical card dialog: the policy's medical cards from `GET /policy/medical-card`
 * for the holder of this tab's member view token or the policy's signed-in owner (decision
 * 107); anybody else sees the policy number and how to use the card.
 */
export function GroupMedicalCardDialog({ policyNumber }: { policyNumber: string }) {
  const { t } = useTranslation('network');
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const { signedIn } = useIdentity();
  const token = readViewToken()?.token;
  const canAsk = token !== undefined || signedIn;
  const cards = useQuery({
    queryKey: ['finder', 'medical-cards', policyNumber, token ?? null, signedIn],
    queryFn: () => fetchPolicyMedicalCards(policyNumber, token),
    enabled: open && canAsk,
    retry: false,
  });
  let content;
  if (!canAsk || cards.isError || cards.data?.length === 0) {
    content = <PolicyOnly policyNumber={policyNumber} />;
  } else if (cards.data === undefined) {
    content = (
      <Stack sx={{ alignItems: 'center', py: 3 }}>
        <CircularProgress aria-label={t('card.loading')} />
      </Stack>
    );
  } else {
    content = (
      <Stack spacing={2} sx={{ mb: 2 }}>
        {cards.data.map((card) => (
          <MedicalCardView key={card.member_code} card={card} />
        ))}
      </Stack>
    );
  }
  return (
    <>
      <Button
        variant="outlined"
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('card.button')}
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{t('card.title')}</DialogTitle>
        <DialogContent>
          {content}
          <Typography>{t('card.body')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setOpen(false);
            }}
          >
            {t('close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
