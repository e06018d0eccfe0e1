import type { Language } from '@clinicpass/shared/i18n/languages';
import { createTheme, type Theme } from '@mui/material/styles';
import { enUS } from '@mui/material/locale';

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
    // Radios and checkboxes: MUI's 9 px around a 24 px icon is a 42 px target; 10 px makes 44.
    MuiRadio: { styleOverrides: { root: { padding: (MIN_TOUCH_TARGET - 24) / 2 } } },
    MuiCheckbox: { styleOverrides: { root: { padding: (MIN_TOUCH_TARGET - 24) / 2 } } },
    // A slider's thumb is small to look at; its hit area (`::after`, 42 px in MUI) is 44.
    MuiSlider: {
      styleOverrides: {
        thumb: { '&::after': { width: MIN_TOUCH_TARGET, height: MIN_TOUCH_TARGET } },
      },
    },
    MuiLink: {
      defaultProps: { underline: 'always' },
      styleOverrides: { root: { '&:focus-visible': focusRing } },
    },
  },
});

/** MUI's number formatting for its zh-HK texts, its `Intl.NumberFormat` made at the first use. */
let zhHkNumbers: Intl.NumberFormat | undefined;
const formatZhHkNumber = (value: number) =>
  Number.isFinite(value)
    ? (zhHkNumbers ??= new Intl.NumberFormat('zh-HK')).format(value)
    : String(value);

/**
 * MUI's own zh-HK locale (`@mui/material/locale`'s `zhHK`, the texts as MUI ships them) with one
 * change: MUI makes its `Intl.NumberFormat('zh-HK')` when the module is evaluated, which loads
 * the locale's ICU data in the page's first script task (~50 ms unthrottled, ~200 ms on
 * Lighthouse's mid-range phone: decision 219). Here it is made when a text first needs it.
 */
const zhHK = {
  components: {
    MuiBreadcrumbs: { defaultProps: { expandText: '展開' } },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: (type: 'first' | 'last' | 'next' | 'previous') =>
          type === 'first'
            ? '第一頁'
            : type === 'last'
              ? '最後一頁'
              : type === 'next'
                ? '下一頁'
                : '上一頁',
        labelRowsPerPage: '每頁行數:',
        labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
          `第 ${formatZhHkNumber(from)} 項至第 ${formatZhHkNumber(to)} 項，${
            count !== -1 ? `共 ${formatZhHkNumber(count)} 項` : `超過 ${formatZhHkNumber(to)} 項`
          }`,
      },
    },
    MuiRating: {
      defaultProps: { getLabelText: (value: number) => `${value} 粒星`, emptyLabelText: '無標籤' },
    },
    MuiAutocomplete: {
      defaultProps: {
        clearText: '清除',
        closeText: '關閉',
        loadingText: '載入中……',
        noOptionsText: '沒有可用選項',
        openText: '開啟',
      },
    },
    MuiAlert: { defaultProps: { closeText: '關閉' } },
  },
};

const locales = { en: enUS, 'zh-HK': zhHK } as const;
const themes = new Map<Language, Theme>();

/**
 * The theme of a language, made when the language is first shown: MUI's built-in component texts
 * (pagination, etc.) follow it. A page shows one language, so the other theme is not made at
 * start (one `createTheme` less in the first script task).
 */
export function themeFor(language: Language): Theme {
  let theme = themes.get(language);
  if (theme === undefined) {
    theme = createTheme(baseTheme, locales[language]);
    themes.set(language, theme);
  }
  return theme;
}
