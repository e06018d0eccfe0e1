// Business constants and limits of the member app (spec member-app §9). The page size lives in
// api-client/pagination, beside the other list limits.

/** Wait after the last keystroke before searching, so typing a name sends one request. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Delay before a dropdown opens after scrolling, so it opens where the field came to rest. */
export const DROPDOWN_OPEN_DELAY_MS = 400;
/** How long an error banner stays. */
export const ERROR_BANNER_MS = 5000;
/** Life of the read-only cookie set by a 503 `read_only_mode` answer. */
export const READ_ONLY_COOKIE_SECONDS = 300;

/**
 * The page shells' headers between the server and the service worker (decision 232): the worker
 * asks with `offline` for a page's own shell to keep; the server marks with `standIn` an answer
 * that is another page's shell (a member page on a device holding no member).
 */
export const SHELL_HEADERS = { offline: 'x-shell-offline', standIn: 'x-shell-stand-in' } as const;

/** The finder's price slider, in HKD; the value is committed only on apply. */
export const PRICE_FILTER = {
  min: 100,
  max: 2000,
  step: 100,
  defaultRange: [100, 1000],
} as const;
/** Member-price saving percentages are rounded up to multiples of this. */
export const SAVING_PERCENT_STEP = 5;

/** One-time codes are 6 digits. */
export const OTP_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 8;
/** Silent sign-up sets a random password of this length that the member never sees. */
export const GENERATED_PASSWORD_LENGTH = 32;

/** Page links shown before the pagination collapses into first pages, an ellipsis and the last. */
export const PAGINATION_WINDOW = { desktop: 7, mobile: 5 } as const;
/** A picker shows a count ("3 selected") instead of names above this many selected items. */
export const PICKER_COUNT_LABEL_ABOVE = 2;

/** Life of the member view token the web holds after an HKID + phone look-up. */
export const MEMBER_VIEW_TOKEN_MINUTES = 30;

/** The two panels, by their route value. */
export const PANELS = { primary: 'outpatient', second: 'go' } as const;
export type Panel = (typeof PANELS)[keyof typeof PANELS];

/** Provision slug of each panel's services list. */
export const PROVISION_SLUGS = {
  outpatient: 'outpatient-doctors',
  go: 'outpatient-panel-doctors',
} as const satisfies Record<Panel, string>;

/** Local storage key of each panel's last finder search, so a return visit restores it. */
export const SEARCH_STORAGE_KEYS = {
  outpatient: 'panel-doctor-search-params',
  go: 'panel-doctor-search-params-go',
} as const satisfies Record<Panel, string>;

/** The 24 specialties the specialist group lists (spec §3), in the spec's order. */
export const ALLOWED_SPECIALTY_SLUGS = [
  'cardiology',
  'cardio-thoracic-surgery',
  'clinical-microbiology-and-infection',
  'clinical-oncology',
  'dermatology-venereology',
  'endocrinology-diabetes-metabolism',
  'family-medicine',
  'gastroenterology-hepatology',
  'general-surgery',
  'geriatric-medicine',
  'nephrology',
  'neurology',
  'neurosurgery',
  'obstetrics-gynaecology',
  'ophthalmology',
  'orthopaedics-traumatology',
  'otorhinolaryngology',
  'paediatrics',
  'paediatric-surgery',
  'plastic-surgery',
  'psychiatry',
  'respiratory-medicine',
  'rheumatology',
  'urology',
] as const;

/**
 * The header every GraphQL request carries (GET too): Yoga's CSRF prevention refuses a request
 * without it that a browser could have sent cross-site without a preflight (decision 135).
 */
export const GRAPHQL_CSRF_HEADER = 'x-graphql-yoga-csrf';

/** Where the GraphQL endpoint answers (decision 014). */
export const GRAPHQL_PATH = '/api/graphql';
