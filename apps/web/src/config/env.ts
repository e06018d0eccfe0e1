/**
 * The web app's build-time configuration, read from `import.meta.env` here and nowhere else.
 * Vite inlines these values at build time; a bad value stops the app at start-up with the
 * variable's name rather than failing later somewhere less obvious.
 */

function readBaseUrl(name: string, value: unknown): string {
  if (value === undefined || value === '') return '';
  if (typeof value !== 'string' || !(value.startsWith('/') || /^https?:\/\//.test(value))) {
    throw new Error(`Invalid ${name}: expected an absolute URL or a path starting with "/"`);
  }
  return value.replace(/\/+$/, '');
}

const raw = import.meta.env;

export const env = {
  /** Vite mode: 'development', 'production' or 'test'. */
  mode: raw.MODE,
  isProduction: raw.PROD,
  /** Origin (or path prefix) of the API; empty means the app's own origin, as in production. */
  apiBaseUrl: readBaseUrl('VITE_API_BASE_URL', raw.VITE_API_BASE_URL),
  /** The main application (apply, policies …) the outpatient `/apply` route hands over to; empty: this origin. */
  mainAppUrl: readBaseUrl('VITE_MAIN_APP_URL', raw.VITE_MAIN_APP_URL),
  /** The account portal behind "Manage Membership"; empty: this origin's `/portal`. */
  accountPortalUrl:
    readBaseUrl('VITE_ACCOUNT_PORTAL_URL', raw.VITE_ACCOUNT_PORTAL_URL) || '/portal',
} as const;
