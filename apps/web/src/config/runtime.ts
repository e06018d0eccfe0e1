/**
 * The web's runtime configuration: what the server put in index.html's `<meta>` tags (error
 * reporting DSN, help widget). Nothing there means the service is off, and its code is never
 * loaded. Read once, here; `env.ts` holds the build-time settings.
 */
import { CLIENT_CONFIG_META } from '@clinicpass/shared/client-config';
import { z } from 'zod';

export interface RuntimeConfig {
  errorReporting: { dsn: string; environment: string; release: string } | null;
  helpWidget: { scriptUrl: string; key: string; customerServicePhone: string } | null;
}

const HttpUrl = z.url({ protocol: /^https?$/ });

function metaContent(doc: Document, name: string): string | null {
  const content = doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
  return content === null || content === undefined || content === '' ? null : content;
}

/** Reads the configuration from a document (the page's by default). Bad values count as unset. */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const dsn = HttpUrl.safeParse(metaContent(doc, CLIENT_CONFIG_META.sentryDsn));
  const scriptUrl = HttpUrl.safeParse(metaContent(doc, CLIENT_CONFIG_META.helpWidgetScriptUrl));
  const key = metaContent(doc, CLIENT_CONFIG_META.helpWidgetKey);
  return {
    errorReporting: dsn.success
      ? {
          dsn: dsn.data,
          environment: metaContent(doc, CLIENT_CONFIG_META.sentryEnvironment) ?? 'production',
          release: metaContent(doc, CLIENT_CONFIG_META.sentryRelease) ?? 'clinicpass@dev',
        }
      : null,
    helpWidget:
      scriptUrl.success && key !== null
        ? {
            scriptUrl: scriptUrl.data,
            key,
            customerServicePhone: metaContent(doc, CLIENT_CONFIG_META.customerServicePhone) ?? '',
          }
        : null,
  };
}

let cached: RuntimeConfig | undefined;

/** The page's configuration (read on first use). */
export function runtimeConfig(): RuntimeConfig {
  cached ??= readRuntimeConfig();
  return cached;
}
