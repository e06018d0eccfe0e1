// The finder's "Open now" and "Open on Sunday" filters (issue 19): two toggles in the filter
// bar on phones and desktops alike, applied at once and kept in the address like the others.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import type { FinderFilters } from '../model/filter-state';

export function HoursFilters({
  filters,
  onChange,
}: {
  filters: FinderFilters;
  onChange: (filters: FinderFilters) => void;
}) {
  const { t } = useTranslation('doctor-finder');
  const toggles = [
    { key: 'openNow', label: t('hours.openNow') },
    { key: 'openSunday', label: t('hours.openSunday') },
  ] as const;
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1}
      role="group"
      aria-label={t('hours.filterLabel')}
      sx={{ flexWrap: 'wrap' }}
    >
      {toggles.map(({ key, label }) => (
        <Chip
          key={key}
          component="button"
          label={label}
          aria-pressed={filters[key]}
          color={filters[key] ? 'primary' : 'default'}
          variant={filters[key] ? 'filled' : 'outlined'}
          onClick={() => {
            onChange({ ...filters, [key]: !filters[key] });
          }}
          sx={{ minHeight: 44, borderRadius: 22, px: 0.5 }}
        />
      ))}
    </Stack>
  );
}
