/**
 * The customer-support widget (spec §9), a Zendesk-compatible web widget: its script (address
 * and key from the server's configuration) is added only when someone asks for help, then its
 * `zE` function is polled every 250 ms for at most 30 s. Ready: it is told the locale (en →
 * en-US, zh-HK → zh-tw) and opened. Never ready: the caller falls back to a contact link.
 */
import type { Language } from '@clinicpass/shared/i18n/languages';

import type { RuntimeConfig } from '../config/runtime';

export const HELP_WIDGET_POLL_MS = 250;
export const HELP_WIDGET_TIMEOUT_MS = 30_000;
/** The widget's own locale names (spec §9). */
export const HELP_WIDGET_LOCALES: Record<Language, string> = { en: 'en-US', 'zh-HK': 'zh-tw' };
/** The id Zendesk's snippet looks for to find its key. */
export const HELP_WIDGET_SCRIPT_ID = 'ze-snippet';

export type HelpWidgetSettings = Pick<
  NonNullable<RuntimeConfig['helpWidget']>,
  'scriptUrl' | 'key'
>;

/** The widget's command function: `zE('webWidget', 'setLocale', 'en-US')`. */
export type HelpWidgetApi = (target: 'webWidget', command: string, ...args: unknown[]) => void;

interface HelpWidgetWindow {
  zE?: unknown;
}

export class HelpWidgetUnavailableError extends Error {
  override readonly name = 'HelpWidgetUnavailableError';
}

/** The script address with the key as `?key=`, as the snippet expects. */
export function helpWidgetScriptSrc(settings: HelpWidgetSettings): string {
  const url = new URL(settings.scriptUrl);
  url.searchParams.set('key', settings.key);
  return url.href;
}

let loading: Promise<HelpWidgetApi> | undefined;

/**
 * Adds the script once and resolves with the widget's API when it is ready; rejects after 30 s
 * (or when the script cannot load). Later calls share the first attempt.
 */
export function loadHelpWidget(
  settings: HelpWidgetSettings,
  win: Window = window,
): Promise<HelpWidgetApi> {
  loading ??= new Promise<HelpWidgetApi>((resolve, reject) => {
    const doc = win.document;
    let waited = 0;
    const fail = () => {
      win.clearInterval(timer);
      reject(new HelpWidgetUnavailableError('The help widget did not become ready'));
    };
    const timer = win.setInterval(() => {
      const api = (win as unknown as HelpWidgetWindow).zE;
      if (typeof api === 'function') {
        win.clearInterval(timer);
        resolve(api as HelpWidgetApi);
        return;
      }
      waited += HELP_WIDGET_POLL_MS;
      if (waited >= HELP_WIDGET_TIMEOUT_MS) fail();
    }, HELP_WIDGET_POLL_MS);
    if (doc.getElementById(HELP_WIDGET_SCRIPT_ID) === null) {
      const script = doc.createElement('script');
      script.id = HELP_WIDGET_SCRIPT_ID;
      script.src = helpWidgetScriptSrc(settings);
      script.async = true;
      script.addEventListener('error', fail);
      doc.head.append(script);
    }
  });
  return loading;
}

/** Tells a ready widget the page's language. */
export function setHelpWidgetLocale(api: HelpWidgetApi, language: Language): void {
  api('webWidget', 'setLocale', HELP_WIDGET_LOCALES[language]);
}

/** Opens a ready widget in the page's language. */
export function openHelpWidget(api: HelpWidgetApi, language: Language): void {
  setHelpWidgetLocale(api, language);
  api('webWidget', 'show');
  api('webWidget', 'open');
}

/** Forgets the attempt (tests only: a page loads the widget at most once). */
export function resetHelpWidget(): void {
  loading = undefined;
}
