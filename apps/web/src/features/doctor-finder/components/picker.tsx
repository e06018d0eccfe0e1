import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/text-input';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { createContext, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { isSameValue, matchesSearch } from '../model/selection';

import { ChevronDownIcon, ChevronRightIcon, SearchIcon } from './icons';

/** Picker panel height on wide screens (spec §9). */
export const PICKER_PANEL_HEIGHT = 400;

/**
 * Lets a drawer know a nested drawer (a picker inside the phone's filter drawer) is open, so
 * it can shrink slightly behind it (spec §2.4).
 */
export const NestedDrawerContext = createContext<((open: boolean) => void) | null>(null);

/** Whether the screen is wide enough for dropdowns (sm and up); below that, bottom drawers. */
export function useWideScreen(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'), { noSsr: true });
}

export interface PickerRenderProps<D> {
  draft: D;
  setDraft: (draft: D) => void;
  search: string;
}

interface PickerProps<D> {
  label: string;
  /** The current value in words, shown on the trigger. */
  summary: string;
  value: D;
  empty: D;
  onCommit: (value: D) => void;
  /** Runs before a dropdown opens (scrolls the filter bar into view, then waits). */
  beforeOpen?: () => Promise<void>;
  /** Force the drawer (inside the phone's filter drawer) or the dropdown. */
  variant?: 'auto' | 'drawer';
  /** Without a search box (the price slider). */
  searchable?: boolean;
  /** Text of the button that sets the draft to `empty` (default "Clear all"). */
  clearLabel?: string;
  children: (props: PickerRenderProps<D>) => ReactNode;
}

/**
 * A picker with a draft selection (spec §4): a dropdown on wide screens, a bottom drawer on
 * small ones; the draft is committed on close or on save; clear all empties the draft.
 */
export function Picker<D>({
  label,
  summary,
  value,
  empty,
  onCommit,
  beforeOpen,
  variant = 'auto',
  searchable = true,
  clearLabel,
  children,
}: PickerProps<D>) {
  const { t } = useTranslation('doctor-finder');
  const wide = useWideScreen() && variant === 'auto';
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  const [search, setSearch] = useState('');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const setNestedOpen = useContext(NestedDrawerContext);
  const headingId = useId();

  useEffect(() => {
    if (!wide) setNestedOpen?.(open);
  }, [open, wide, setNestedOpen]);

  const openPicker = async (target: HTMLElement) => {
    setAnchor(target);
    setDraft(value);
    setSearch('');
    if (wide && beforeOpen !== undefined) await beforeOpen();
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    // Unchanged: no commit, so the page and the expansion flag stay (spec §4).
    if (!isSameValue(draft, value)) onCommit(draft);
  };

  const body = (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <Box sx={{ p: 2, pb: 1 }}>
        {!wide && (
          <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
            {label}
          </Typography>
        )}
        {searchable && (
          <TextInput
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
            }}
            label={t('picker.search')}
            size="small"
            fullWidth
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
        {children({ draft, setDraft, search })}
      </Box>
      <PanelActions
        resetLabel={clearLabel ?? t('picker.clearAll')}
        onReset={() => {
          setDraft(empty);
        }}
        applyLabel={t('picker.save')}
        onApply={close}
      />
    </Stack>
  );

  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        fullWidth
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => void openPicker(event.currentTarget)}
        endIcon={<ChevronDownIcon />}
        sx={{
          justifyContent: 'space-between',
          textAlign: 'left',
          borderColor: 'divider',
          bgcolor: 'background.paper',
          minWidth: 0,
        }}
      >
        <Box component="span" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <Box
            component="span"
            sx={{ fontSize: '0.75rem', color: 'text.secondary', fontWeight: 400 }}
          >
            {label}
          </Box>
          <Box
            component="span"
            sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {summary}
          </Box>
        </Box>
      </Button>
      {wide ? (
        <Popover
          open={open}
          anchorEl={anchor}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          slotProps={{
            paper: {
              role: 'dialog',
              'aria-label': label,
              sx: {
                height: PICKER_PANEL_HEIGHT,
                width: { xs: '90vw', md: 640 },
                maxWidth: '95vw',
                display: 'flex',
                flexDirection: 'column',
              },
            },
          }}
        >
          {body}
        </Popover>
      ) : (
        <Drawer
          anchor="bottom"
          open={open}
          onClose={close}
          slotProps={{
            paper: {
              role: 'dialog',
              'aria-labelledby': headingId,
              sx: { height: '90%', borderTopLeftRadius: 8, borderTopRightRadius: 8 },
            },
          }}
        >
          {body}
        </Drawer>
      )}
    </>
  );
}

/** The footer of a picker or of the filter drawer: reset on the left, apply on the right. */
export function PanelActions({
  resetLabel,
  onReset,
  applyLabel,
  onApply,
}: {
  resetLabel: string;
  onReset: () => void;
  applyLabel: string;
  onApply: () => void;
}) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', justifyContent: 'space-between' }}
    >
      <Button onClick={onReset}>{resetLabel}</Button>
      <Button variant="contained" onClick={onApply}>
        {applyLabel}
      </Button>
    </Stack>
  );
}

/** One selectable line of a picker. */
export interface PickerLine {
  key: string;
  label: string;
  /** Names the search matches: displayed, English, Chinese. */
  names: string[];
  /** `specialty` or `healthcare-service` (spec §3), or `district`. */
  tag: string;
  selected: boolean;
  onToggle: () => void;
  children?: PickerLine[];
}

export interface PickerGroup {
  id: string;
  label: string;
  lines: PickerLine[];
}

function LineCheckbox({ line }: { line: PickerLine }) {
  return (
    <FormControlLabel
      data-tag={line.tag}
      control={<Checkbox checked={line.selected} onChange={line.onToggle} />}
      label={line.label}
      sx={{ display: 'flex', minHeight: 44, mx: 0, pr: 1 }}
    />
  );
}

function NoMatches() {
  const { t } = useTranslation('doctor-finder');
  return (
    <Typography role="status" sx={{ p: 2, color: 'text.secondary' }}>
      {t('picker.noResults')}
    </Typography>
  );
}

function matchingLines(lines: readonly PickerLine[], search: string): PickerLine[] {
  return lines
    .flatMap((line) => [line, ...(line.children ?? [])])
    .filter((line) => matchesSearch(search, line.names));
}

/** Categories on the left (one third at md), their items on the right (two thirds). */
export function MasterDetailLayout({ groups, search }: { groups: PickerGroup[]; search: string }) {
  const [activeId, setActiveId] = useState(groups[0]?.id ?? '');
  const active = groups.find((group) => group.id === activeId) ?? groups[0];
  if (search.trim() !== '') {
    const found = matchingLines(
      groups.flatMap((group) => group.lines),
      search,
    );
    return (
      <Box sx={{ height: '100%', overflowY: 'auto', px: 1 }}>
        {found.length === 0 ? (
          <NoMatches />
        ) : (
          found.map((line) => <LineCheckbox key={line.key} line={line} />)
        )}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', height: '100%' }}>
      <List
        aria-label={active?.label}
        sx={{
          width: { xs: '40%', md: '33.333%' },
          overflowY: 'auto',
          borderRight: 1,
          borderColor: 'divider',
          py: 0,
        }}
      >
        {groups.map((group) => {
          const count = group.lines
            .flatMap((line) => [line, ...(line.children ?? [])])
            .filter((line) => line.selected).length;
          return (
            <ListItemButton
              key={group.id}
              selected={group.id === active?.id}
              aria-current={group.id === active?.id ? 'true' : undefined}
              onClick={() => {
                setActiveId(group.id);
              }}
            >
              <Box component="span" sx={{ flex: 1 }}>
                {group.label}
              </Box>
              {count > 0 && (
                <Box component="span" sx={{ fontWeight: 700, color: 'primary.main', ml: 1 }}>
                  {count}
                </Box>
              )}
            </ListItemButton>
          );
        })}
      </List>
      <Box sx={{ width: { xs: '60%', md: '66.667%' }, overflowY: 'auto', px: 1 }}>
        {active?.lines.map((line) => (
          <LineCheckbox key={line.key} line={line} />
        ))}
      </Box>
    </Box>
  );
}

/** Services with their specialties as children, each opened on demand. */
export function AccordionLayout({ lines, search }: { lines: PickerLine[]; search: string }) {
  const { t } = useTranslation('doctor-finder');
  const [expanded, setExpanded] = useState<string | null>(null);
  if (search.trim() !== '') {
    const found = matchingLines(lines, search);
    return (
      <Box sx={{ height: '100%', overflowY: 'auto', px: 1 }}>
        {found.length === 0 ? (
          <NoMatches />
        ) : (
          found.map((line) => <LineCheckbox key={line.key} line={line} />)
        )}
      </Box>
    );
  }
  return (
    <Box sx={{ height: '100%', overflowY: 'auto', px: 1 }}>
      {lines.map((line) => {
        const children = line.children ?? [];
        const isOpen = expanded === line.key;
        return (
          <Box key={line.key}>
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <Box sx={{ flex: 1 }}>
                <LineCheckbox line={line} />
              </Box>
              {children.length > 0 && (
                <IconButton
                  aria-expanded={isOpen}
                  aria-label={t('picker.showSpecialties', { name: line.label })}
                  onClick={() => {
                    setExpanded(isOpen ? null : line.key);
                  }}
                >
                  {isOpen ? <ChevronDownIcon /> : <ChevronRightIcon />}
                </IconButton>
              )}
            </Stack>
            {children.length > 0 && (
              <Collapse in={isOpen} unmountOnExit>
                <Box sx={{ pl: 4 }}>
                  {children.map((child) => (
                    <LineCheckbox key={child.key} line={child} />
                  ))}
                </Box>
              </Collapse>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
