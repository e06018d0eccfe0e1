// The web's runtime configuration, taken from the server's: the error-reporting DSN and the help
// widget travel in <meta> tags of index.html, so one setting switches the service on for both
// sides and the CSP (built from the same config) always matches. Nothing is added when neither
// is configured. No inline script: the CSP forbids them, and meta content is plain data.
import { CLIENT_CONFIG_META } from '@clinicpass/shared/client-config';
import type { Config } from '../config';

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

function meta(name: string, content: string): string {
  return `<meta name="${name}" content="${escapeAttribute(content)}">`;
}

/**
 * index.html with the configured services' meta tags added to its head. The customer service
 * phone is the operator's setting when given (decision 133), else the configured one.
 */
export function withClientConfig(
  html: string,
  config: Pick<Config, 'errorReporting' | 'helpWidget' | 'identity'>,
  customerServicePhone: string = config.identity.customerServicePhone,
): string {
  const tags: string[] = [];
  if (config.errorReporting !== null) {
    tags.push(meta(CLIENT_CONFIG_META.sentryDsn, config.errorReporting.dsn));
    tags.push(meta(CLIENT_CONFIG_META.sentryEnvironment, config.errorReporting.environment));
    tags.push(meta(CLIENT_CONFIG_META.sentryRelease, config.errorReporting.release));
  }
  if (config.helpWidget !== null) {
    tags.push(meta(CLIENT_CONFIG_META.helpWidgetScriptUrl, config.helpWidget.scriptUrl));
    tags.push(meta(CLIENT_CONFIG_META.helpWidgetKey, config.helpWidget.key));
    // The widget's quiet fallback is a contact link.
    tags.push(meta(CLIENT_CONFIG_META.customerServicePhone, customerServicePhone));
  }
  if (tags.length === 0) return html;
  return html.replace('</head>', `${tags.join('')}</head>`);
}
