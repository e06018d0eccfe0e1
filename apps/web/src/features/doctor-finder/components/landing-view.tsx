import { PANELS, type Panel } from '@clinicpass/shared/constants';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { FinderReference } from '../hooks/use-finder-reference';
import { dropUnknown, type FinderFilters } from '../model/filter-state';

import { FilterChips } from './filter-chips';
import { DistrictPicker, ServicePicker } from './filter-pickers';
import { LandingArtwork } from './landing-artwork';

/** Width of the landing card (spec §9). */
export const LANDING_CARD_WIDTH = 600;

interface LandingViewProps {
  panel: Panel;
  reference: FinderReference;
  initial: FinderFilters;
  onStart: (filters: FinderFilters) => void;
}

/** The landing view (spec §2.4): background artwork, a centred card, pickers, chips, start. */
export function LandingView({ panel, reference, initial, onStart }: LandingViewProps) {
  const { t } = useTranslation('doctor-finder');
  // Codes or ids the network no longer knows (restored from an old visit) are dropped before
  // they seed the draft, and again once the reference arrives, so "start" never writes them.
  const known = reference.known;
  const [draft, setDraft] = useState(() =>
    known === null ? initial : dropUnknown(initial, known),
  );
  const [cleanedFor, setCleanedFor] = useState(known);
  if (known !== cleanedFor) {
    setCleanedFor(known);
    if (known !== null) setDraft(dropUnknown(draft, known));
  }
  return (
    <>
      <LandingArtwork panel={panel} />
      <Stack
        sx={{ alignItems: 'center', justifyContent: 'center', minHeight: { sm: '70vh' }, py: 2 }}
      >
        <Card sx={{ width: '100%', maxWidth: LANDING_CARD_WIDTH }} elevation={3}>
          <CardContent component={Stack} spacing={2} sx={{ p: { xs: 2, sm: 4 } }}>
            <Typography variant="h1">{t(`landing.${panel}.title`)}</Typography>
            <Typography color="text.secondary">{t(`landing.${panel}.description`)}</Typography>
            {panel !== PANELS.primary && (
              <DistrictPicker
                reference={reference}
                value={draft.districts}
                onCommit={(districts) => {
                  setDraft({ ...draft, districts });
                }}
              />
            )}
            <ServicePicker
              panel={panel}
              reference={reference}
              value={draft}
              onCommit={(selection) => {
                setDraft({ ...draft, ...selection });
              }}
            />
            <FilterChips filters={draft} reference={reference} onChange={setDraft} />
            <Button
              variant="contained"
              size="large"
              onClick={() => {
                onStart(draft);
              }}
              disabled={!reference.ready}
            >
              {t('landing.start')}
            </Button>
          </CardContent>
        </Card>
      </Stack>
    </>
  );
}
