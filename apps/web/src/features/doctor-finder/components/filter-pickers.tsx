import type { Panel } from '@clinicpass/shared/constants';
import { PANELS, PICKER_COUNT_LABEL_ABOVE, PRICE_FILTER } from '@clinicpass/shared/constants';
import { formatHkd } from '@clinicpass/shared/format/money';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import type { FinderReference } from '../hooks/use-finder-reference';
import { DEFAULT_PRICE_RANGE, type PriceRange } from '../model/filter-state';
import { itemName, isItemSelected, toggleItem, type ServiceItem } from '../model/service-grouping';
import type { District } from '../model/types';

import { AccordionLayout, MasterDetailLayout, Picker, type PickerLine } from './picker';

interface ServiceSelection {
  services: string[];
  specialties: string[];
}

/** "A, B", or "3 selected" above two items, or the placeholder. */
export function useSummary() {
  const { t } = useTranslation('doctor-finder');
  return (names: readonly string[], placeholder: string) =>
    names.length === 0
      ? placeholder
      : names.length > PICKER_COUNT_LABEL_ABOVE
        ? t('picker.selectedCount', { count: names.length })
        : names.join(t('picker.separator'));
}

export function selectedServiceNames(
  items: readonly ServiceItem[],
  selection: ServiceSelection,
  language: ReturnType<typeof useLanguage>,
): string[] {
  return items
    .filter((item) => isItemSelected(item, selection))
    .map((item) => itemName(item, language));
}

function serviceLine(
  item: ServiceItem,
  draft: ServiceSelection,
  setDraft: (value: ServiceSelection) => void,
  language: ReturnType<typeof useLanguage>,
): PickerLine {
  return {
    key: item.key,
    label: itemName(item, language),
    names: [itemName(item, language), item.name_en, item.name_zh],
    tag: item.tag,
    selected: isItemSelected(item, draft),
    onToggle: () => {
      setDraft(toggleItem(draft, item));
    },
    children: item.children.map((child) => serviceLine(child, draft, setDraft, language)),
  };
}

interface ServicePickerProps {
  panel: Panel;
  reference: FinderReference;
  value: ServiceSelection;
  onCommit: (value: ServiceSelection) => void;
  beforeOpen?: () => Promise<void>;
  variant?: 'auto' | 'drawer';
}

/** Services and specialties: master-detail (primary panel) or accordion (second panel). */
export function ServicePicker({
  panel,
  reference,
  value,
  onCommit,
  beforeOpen,
  variant,
}: ServicePickerProps) {
  const { t } = useTranslation('doctor-finder');
  const language = useLanguage();
  const summary = useSummary();
  const names = selectedServiceNames(reference.serviceItems, value, language);
  return (
    <Picker
      label={t('filters.services')}
      summary={summary(names, t('filters.allServices'))}
      value={value}
      empty={{ services: [], specialties: [] }}
      onCommit={onCommit}
      variant={variant}
      {...(beforeOpen === undefined ? {} : { beforeOpen })}
    >
      {({ draft, setDraft, search }) =>
        panel === PANELS.primary ? (
          <MasterDetailLayout
            search={search}
            groups={reference.categories.map((category) => ({
              id: category.slug,
              label: t(`category.${category.slug}`),
              lines: category.items.map((item) => serviceLine(item, draft, setDraft, language)),
            }))}
          />
        ) : (
          <AccordionLayout
            search={search}
            lines={reference.serviceTree.map((item) =>
              serviceLine(item, draft, setDraft, language),
            )}
          />
        )
      }
    </Picker>
  );
}

export const districtName = (district: District, language: ReturnType<typeof useLanguage>) =>
  language === 'zh-HK' ? district.name_zh : district.name_en;

interface DistrictPickerProps {
  reference: FinderReference;
  value: string[];
  onCommit: (value: string[]) => void;
  beforeOpen?: () => Promise<void>;
  variant?: 'auto' | 'drawer';
}

/** Districts by region (master-detail); Macau and Mainland China are left out. */
export function DistrictPicker({
  reference,
  value,
  onCommit,
  beforeOpen,
  variant,
}: DistrictPickerProps) {
  const { t } = useTranslation('doctor-finder');
  const language = useLanguage();
  const summary = useSummary();
  const names = reference.districts
    .filter((district) => value.includes(district.code))
    .map((district) => districtName(district, language));
  return (
    <Picker
      label={t('filters.districts')}
      summary={summary(names, t('filters.allDistricts'))}
      value={value}
      empty={[]}
      onCommit={onCommit}
      variant={variant}
      {...(beforeOpen === undefined ? {} : { beforeOpen })}
    >
      {({ draft, setDraft, search }) => (
        <MasterDetailLayout
          search={search}
          groups={reference.districtGroups.map((group) => ({
            id: group.id,
            label: language === 'zh-HK' ? group.name_zh : group.name_en,
            lines: group.children.map((district) => ({
              key: district.code,
              label: districtName(district, language),
              names: [districtName(district, language), district.name_en, district.name_zh],
              tag: 'district',
              selected: draft.includes(district.code),
              onToggle: () => {
                setDraft(
                  draft.includes(district.code)
                    ? draft.filter((code) => code !== district.code)
                    : [...draft, district.code],
                );
              },
            })),
          }))}
        />
      )}
    </Picker>
  );
}

/** The price slider: 100–2000, step 100 (spec §5). */
export function PriceSlider({
  value,
  onChange,
}: {
  value: PriceRange;
  onChange: (value: PriceRange) => void;
}) {
  const { t } = useTranslation('doctor-finder');
  return (
    <Box sx={{ px: 2, pt: 1 }}>
      <Typography id="price-range-label" gutterBottom>
        {t('filters.priceValue', { min: formatHkd(value[0]), max: formatHkd(value[1]) })}
      </Typography>
      <Slider
        value={[value[0], value[1]]}
        onChange={(_, next) => {
          if (Array.isArray(next) && next.length === 2)
            onChange([next[0] ?? PRICE_FILTER.min, next[1] ?? PRICE_FILTER.max]);
        }}
        min={PRICE_FILTER.min}
        max={PRICE_FILTER.max}
        step={PRICE_FILTER.step}
        disableSwap
        getAriaLabel={(index) => (index === 0 ? t('filters.priceMin') : t('filters.priceMax'))}
        getAriaValueText={(amount) => formatHkd(amount)}
        valueLabelDisplay="auto"
        valueLabelFormat={(amount) => formatHkd(amount)}
      />
    </Box>
  );
}

interface PricePickerProps {
  value: PriceRange | null;
  onCommit: (value: PriceRange | null) => void;
  beforeOpen?: () => Promise<void>;
}

/**
 * The primary panel's price-range column (by member price): the slider's value is committed
 * only on apply (save or close); reset returns the slider to the current range.
 */
export function PricePicker({ value, onCommit, beforeOpen }: PricePickerProps) {
  const { t } = useTranslation('doctor-finder');
  const summary =
    value === null
      ? t('filters.anyPrice')
      : t('filters.priceValue', { min: formatHkd(value[0]), max: formatHkd(value[1]) });
  return (
    <Picker<PriceRange | null>
      label={t('filters.price')}
      summary={summary}
      value={value}
      empty={value}
      onCommit={onCommit}
      searchable={false}
      clearLabel={t('filters.resetPrice')}
      {...(beforeOpen === undefined ? {} : { beforeOpen })}
    >
      {({ draft, setDraft }) => (
        <PriceSlider value={draft ?? DEFAULT_PRICE_RANGE} onChange={setDraft} />
      )}
    </Picker>
  );
}
