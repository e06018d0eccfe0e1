import {
  DROPDOWN_OPEN_DELAY_MS,
  PANELS,
  SEARCH_DEBOUNCE_MS,
  type Panel,
} from '@clinicpass/shared/constants';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/text-input';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { FinderReference } from '../hooks/use-finder-reference';
import {
  DEFAULT_PRICE_RANGE,
  EMPTY_FILTERS,
  filterCount,
  sameFilters,
  type FinderFilters,
} from '../model/filter-state';

import { FilterChips } from './filter-chips';
import { HoursFilters } from './hours-filters';
import { DistrictPicker, PricePicker, PriceSlider, ServicePicker } from './filter-pickers';
import { FilterIcon, SearchIcon } from './icons';
import { NestedDrawerContext, PanelActions, useWideScreen } from './picker';
import { QrLink } from './qr-dialog';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Before a desktop dropdown opens (spec §4): when the filter bar's top is not within the top
 * third of the viewport, scroll it there and wait 400 ms so the dropdown opens where the bar
 * came to rest.
 */
export async function scrollBarIntoView(bar: HTMLElement | null): Promise<void> {
  if (bar === null) return;
  const top = bar.getBoundingClientRect().top;
  if (top >= 0 && top <= window.innerHeight / 3) return;
  window.scrollTo({ top: window.scrollY + top - 8, behavior: 'smooth' });
  await wait(DROPDOWN_OPEN_DELAY_MS);
}

/** The search box: typing updates the filters 300 ms after the last keystroke. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation('doctor-finder');
  const [text, setText] = useState(value);
  // What was last sent up, and the last value seen from above: a new value from above that is
  // not ours (clear all, the address) replaces what is typed.
  const [committed, setCommitted] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== committed) {
      setCommitted(value);
      setText(value);
    }
  }
  const search = useEffectEvent((next: string) => {
    setCommitted(next);
    onSearch(next);
  });
  useEffect(() => {
    if (text === committed) return;
    const timer = setTimeout(() => {
      search(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [text, committed]);
  return (
    <TextInput
      type="search"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
      }}
      label={t('filters.search')}
      placeholder={t('filters.searchPlaceholder')}
      fullWidth
      size="small"
      slotProps={{
        input: {
          // MUI's small field is 40 px tall: a 44 px touch target, still in line with the pickers.
          sx: { minHeight: 44 },
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

interface FilterBarProps {
  panel: Panel;
  policyNumber: string;
  reference: FinderReference;
  filters: FinderFilters;
  total: number | null;
  onChange: (filters: FinderFilters) => void;
}

/** The phone's drawer with every filter; its draft applies on close or on apply. */
function FilterDrawer({
  panel,
  reference,
  filters,
  onChange,
  open,
  onClose,
}: FilterBarProps & { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('doctor-finder');
  const [draft, setDraft] = useState(filters);
  const [nestedOpen, setNestedOpen] = useState(false);
  const headingId = useId();
  const apply = () => {
    onClose();
    // Unchanged: no change, so the page and the expansion flag stay (spec §4).
    if (!sameFilters(draft, filters)) onChange(draft);
  };
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={apply}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': headingId,
          sx: {
            height: '90%',
            borderTopLeftRadius: 8,
            borderTopRightRadius: 8,
            transition: 'transform 200ms',
            transform: nestedOpen ? 'scale(0.95)' : 'none',
          },
        },
      }}
    >
      <NestedDrawerContext.Provider value={setNestedOpen}>
        <Stack spacing={2} sx={{ p: 2, flex: 1, overflowY: 'auto' }}>
          <Typography id={headingId} variant="h2">
            {t('filters.drawerTitle')}
          </Typography>
          <DistrictPicker
            reference={reference}
            value={draft.districts}
            onCommit={(districts) => {
              setDraft({ ...draft, districts });
            }}
            variant="drawer"
          />
          <ServicePicker
            panel={panel}
            reference={reference}
            value={draft}
            onCommit={(selection) => {
              setDraft({ ...draft, ...selection });
            }}
            variant="drawer"
          />
          <Box>
            <Typography variant="h3" component="p">
              {t('filters.price')}
            </Typography>
            <PriceSlider
              value={draft.price ?? DEFAULT_PRICE_RANGE}
              onChange={(price) => {
                setDraft({ ...draft, price });
              }}
            />
          </Box>
        </Stack>
        <PanelActions
          resetLabel={t('filters.reset')}
          onReset={() => {
            // Spec §4: reset empties the filters (the search filter object of spec §3, search
            // text included) and sets the price to 100–1000 (decision 022).
            setDraft({ ...EMPTY_FILTERS, price: DEFAULT_PRICE_RANGE });
          }}
          applyLabel={t('filters.apply')}
          onApply={apply}
        />
      </NestedDrawerContext.Provider>
    </Drawer>
  );
}

/** The filter bar (spec §2.4): search, then per screen width the phone or desktop controls. */
export function FilterBar(props: FilterBarProps) {
  const { panel, policyNumber, reference, filters, total, onChange } = props;
  const { t } = useTranslation('doctor-finder');
  const wide = useWideScreen();
  const bar = useRef<HTMLDivElement>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A new drawer per opening, so its draft starts from the filters of that moment.
  const [drawerKey, setDrawerKey] = useState(0);
  const beforeOpen = () => scrollBarIntoView(bar.current);
  const count = filterCount(filters);
  const qr = panel === PANELS.primary ? <QrLink policyNumber={policyNumber} /> : null;
  const search = (
    <SearchBox
      value={filters.searchText}
      onSearch={(searchText) => {
        onChange({ ...filters, searchText });
      }}
    />
  );

  if (!wide) {
    return (
      <Paper
        ref={bar}
        variant="outlined"
        component="section"
        aria-label={t('filters.label')}
        sx={{ p: 1.5 }}
      >
        <Stack spacing={1.5}>
          {search}
          <HoursFilters filters={filters} onChange={onChange} />
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            <Typography role="status" sx={{ fontWeight: 600 }}>
              {total === null ? '' : t('results.total', { count: total })}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Badge badgeContent={count} color="primary">
                <Button
                  variant="outlined"
                  startIcon={<FilterIcon />}
                  onClick={() => {
                    setDrawerKey((key) => key + 1);
                    setDrawerOpen(true);
                  }}
                  aria-label={t('filters.openDrawer', { count })}
                >
                  {t('filters.filter')}
                </Button>
              </Badge>
              {qr}
            </Stack>
          </Stack>
        </Stack>
        <FilterDrawer
          key={drawerKey}
          {...props}
          open={drawerOpen}
          onClose={() => {
            setDrawerOpen(false);
          }}
        />
      </Paper>
    );
  }

  const districts = (
    <DistrictPicker
      reference={reference}
      value={filters.districts}
      onCommit={(value) => {
        onChange({ ...filters, districts: value });
      }}
      beforeOpen={beforeOpen}
    />
  );
  const services = (
    <ServicePicker
      panel={panel}
      reference={reference}
      value={filters}
      onCommit={(value) => {
        onChange({ ...filters, ...value });
      }}
      beforeOpen={beforeOpen}
    />
  );
  const columns =
    panel === PANELS.primary
      ? [
          services,
          districts,
          <PricePicker
            key="price"
            value={filters.price}
            onCommit={(price) => {
              onChange({ ...filters, price });
            }}
            beforeOpen={beforeOpen}
          />,
        ]
      : [districts, services];

  return (
    <Paper
      ref={bar}
      variant="outlined"
      component="section"
      aria-label={t('filters.label')}
      sx={{ p: 2 }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ flex: 1 }}>{search}</Box>
          {qr}
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))`,
          }}
        >
          {columns.map((column, index) => (
            <Box key={index}>{column}</Box>
          ))}
        </Box>
        <HoursFilters filters={filters} onChange={onChange} />
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'space-between' }}
        >
          <FilterChips filters={filters} reference={reference} onChange={onChange} />
          {(count > 0 || filters.searchText !== '') && (
            <Link
              component="button"
              onClick={() => {
                onChange(EMPTY_FILTERS);
              }}
              sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
            >
              {t('filters.clearAll')}
            </Link>
          )}
        </Stack>
        <Typography role="status" sx={{ fontWeight: 600 }}>
          {total === null ? '' : t('results.total', { count: total })}
        </Typography>
      </Stack>
    </Paper>
  );
}
