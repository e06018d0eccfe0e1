import type { Language } from '@clinicpass/shared/i18n/languages';
import { createTheme, type Theme } from '@mui/material/styles';
import { enUS, zhHK } from '@mui/material/locale';

/** Smallest touch target, in CSS pixels (WCAG 2.5.5 / platform guidelines). */
export const MIN_TOUCH_TARGET = 44;

// Pink and blue as in the spec; both shades keep white text above 4.5:1 (5.9 and 5.8).
const PINK = '#C2185B';
const BLUE = '#1565C0';

// System fonts only (the CSP allows no font host and we ship no web fonts). Latin faces first;
// Chinese text falls through to the Traditional Chinese faces each platform ships.
const FONT_FAMILY = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans CJK TC"',
  '"Noto Sans TC"',
  '"PingFang HK"',
  '"Microsoft JhengHei"',
  'sans-serif',
].join(', ');

const focusRing = {
  outline: `3px solid ${BLUE}`,
  outlineOffset: 2,
} as const;

const baseTheme = createTheme({
  // Layout constants of spec §9, which are MUI's defaults, stated so that they stay put.
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  spacing: 8,
  shape: { borderRadius: 4 },
  palette: {
    primary: { main: PINK, contrastText: '#FFFFFF' },
    secondary: { main: BLUE, contrastText: '#FFFFFF' },
    background: { default: '#F7F4F5', paper: '#FFFFFF' },
    text: { primary: '#1F1F24', secondary: '#5F5F66' },
  },
  typography: {
    fontFamily: FONT_FAMILY,
    // body1 is 1rem = 16 px, the spec's base font size.
    htmlFontSize: 16,
    fontSize: 14,
    body1: { fontSize: '1rem', lineHeight: 1.6 },
    // Headings sized for a phone first; MUI's defaults (h1 = 6rem) are display sizes.
    h1: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.3 },
    h2: { fontSize: '1.375rem', fontWeight: 600, lineHeight: 1.35 },
    h3: { fontSize: '1.125rem', fontWeight: 600, lineHeight: 1.4 },
    button: { textTransform: 'none', fontWeight: 600, fontSize: '1rem' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': focusRing,
      },
    },
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiButton: {
      styleOverrides: { root: { minHeight: MIN_TOUCH_TARGET, paddingInline: 16 } },
    },
    MuiIconButton: {
      styleOverrides: { root: { minWidth: MIN_TOUCH_TARGET, minHeight: MIN_TOUCH_TARGET } },
    },
    MuiMenuItem: { styleOverrides: { root: { minHeight: MIN_TOUCH_TARGET } } },
    MuiListItemButton: { styleOverrides: { root: { minHeight: MIN_TOUCH_TARGET } } },
    MuiTab: { styleOverrides: { root: { minHeight: MIN_TOUCH_TARGET } } },
    MuiLink: {
      defaultProps: { underline: 'always' },
      styleOverrides: { root: { '&:focus-visible': focusRing } },
    },
  },
});

/** One theme per language: MUI's built-in component texts (pagination, etc.) follow it. */
export const themes: Record<Language, Theme> = {
  en: createTheme(baseTheme, enUS),
  'zh-HK': createTheme(baseTheme, zhHK),
};
