import { formatHkd } from '@clinicpass/shared/format/money';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import type { FinderReference } from '../hooks/use-finder-reference';
import type { FinderFilters } from '../model/filter-state';
import { isItemSelected, itemName, toggleItem } from '../model/service-grouping';

import { districtName } from './filter-pickers';

/** Removable chips for the chosen districts, services, specialties and price. */
export function FilterChips({
  filters,
  reference,
  onChange,
}: {
  filters: FinderFilters;
  reference: FinderReference;
  onChange: (filters: FinderFilters) => void;
}) {
  const { t } = useTranslation('doctor-finder');
  const language = useLanguage();
  const chips: { key: string; label: string; remove: () => void }[] = [];
  for (const district of reference.districts) {
    if (!filters.districts.includes(district.code)) continue;
    chips.push({
      key: `district:${district.code}`,
      label: districtName(district, language),
      remove: () => {
        onChange({
          ...filters,
          districts: filters.districts.filter((code) => code !== district.code),
        });
      },
    });
  }
  for (const item of reference.serviceItems) {
    if (!isItemSelected(item, filters)) continue;
    chips.push({
      key: item.key,
      label: itemName(item, language),
      remove: () => {
        onChange(toggleItem(filters, item));
      },
    });
  }
  if (filters.price !== null) {
    chips.push({
      key: 'price',
      label: t('filters.priceValue', {
        min: formatHkd(filters.price[0]),
        max: formatHkd(filters.price[1]),
      }),
      remove: () => {
        onChange({ ...filters, price: null });
      },
    });
  }
  if (chips.length === 0) return null;
  return (
    <Stack
      component="ul"
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
      aria-label={t('filters.chosen')}
    >
      {chips.map((chip) => (
        <li key={chip.key}>
          <Chip
            label={chip.label}
            onDelete={chip.remove}
            aria-label={t('filters.remove', { name: chip.label })}
            sx={{ minHeight: 32 }}
          />
        </li>
      ))}
    </Stack>
  );
}
