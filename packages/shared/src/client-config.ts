/**
 * The web's runtime configuration travels from the server in `<meta>` tags of index.html (no
 * inline script: the CSP forbids them). These are their names; both sides use them.
 */
export const CLIENT_CONFIG_META = {
  sentryDsn: 'clinicpass:sentry-dsn',
  sentryEnvironment: 'clinicpass:sentry-environment',
  sentryRelease: 'clinicpass:sentry-release',
  helpWidgetScriptUrl: 'clinicpass:help-widget-script-url',
  helpWidgetKey: 'clinicpass:help-widget-key',
  customerServicePhone: 'clinicpass:customer-service-phone',
} as const;
