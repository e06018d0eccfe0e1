// Business constants of the platform layer (spec platform-layer §9). Those it shares with the
// member app (OTP length, password length, error banner, read-only cookie, generated password)
// live in ../constants.ts; the transaction id's life in api-client/client.ts.

/** A policy's invoice list is read as page 1 of 100. */
export const INVOICE_LIST_QUERY = { page: 1, page_size: 100 } as const;

/** The support widget polls for its script for 30 s, every 250 ms. */
export const WIDGET_POLLING = { timeoutMs: 30_000, intervalMs: 250 } as const;

/** Notification banners: 360 px wide from the `sm` breakpoint, elevation 2. */
export const NOTIFICATION_BANNER = { width: 360, breakpoint: 'sm', elevation: 2 } as const;

/** The QR code card: 220 px, no margin, in the primary (pink) or secondary (blue) colour. */
export const QR_CODE_CARD = { width: 220, margin: 0, colors: ['primary', 'secondary'] } as const;

/** Base font size in px. */
export const BASE_FONT_SIZE = 16;

/** Supported locales as the address writes them. */
export const SUPPORTED_LOCALES = ['en', 'zh-hk'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/** The support widget's locale for each of ours. */
export const SUPPORT_WIDGET_LOCALES = {
  en: 'en-US',
  'zh-hk': 'zh-tw',
} as const satisfies Record<SupportedLocale, string>;

/** The network promotion says "up to 50% discount". */
export const NETWORK_PROMOTION_MAX_DISCOUNT_PERCENT = 50;

/** Error reporting: 10% of transactions traced, every session and every session with errors. */
export const ERROR_REPORTING = {
  tracesSampleRate: 0.1,
  replaysSessionSampleRate: 1,
  replaysOnErrorSampleRate: 1,
  ignoredBreadcrumbLevels: ['info', 'debug'],
} as const;

// ---------------------------------------------------------------- decided (decision 053)

/**
 * The Insurance Authority's levy on premiums: 0.1%, capped per policy at HK$100 for long-term
 * business (term life, term critical illness) and HK$5,000 for general business (medical).
 */
export const INSURANCE_LEVY = { rate: 0.001, capLongTerm: 100, capGeneral: 5000 } as const;

/** Premium projections cover 1 to 10 years; 5 when the caller does not say. */
export const PROJECTION_YEARS = { default: 5, min: 1, max: 10 } as const;

/** A quotation's head count is positive and below this (the spec does not give the limit). */
export const QUOTATION_MAX_HEAD_COUNT = 1000;

/** The header a POST that creates or moves money or status may carry, and how long a key lives. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
