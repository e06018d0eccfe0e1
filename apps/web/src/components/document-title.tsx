import { useTranslation } from 'react-i18next';

/**
 * Sets the browser tab's title for a page: "{page} · ClinicPass" in the language in use. React 19
 * hoists `<title>` into `<head>`, ahead of the static one in index.html.
 */
export function DocumentTitle({ page }: { page: string }) {
  const { t } = useTranslation();
  return <title>{t('documentTitle', { page })}</title>;
}
