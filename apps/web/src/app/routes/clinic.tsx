// The clinic counter (issue 18) has a route module of its own: its texts and its QR reader load
// only when a staff member opens it.
import { FALLBACK_LANGUAGE, languageFromPrefix } from '@clinicpass/shared/i18n/languages';

import { loadClinicTexts } from '../../features/clinic/lib/texts';
import type { RouteLoadArgs } from '../../lib/app-router';

export async function clinicLoader({ params }: RouteLoadArgs): Promise<null> {
  await loadClinicTexts(languageFromPrefix(params.lang) ?? FALLBACK_LANGUAGE);
  return null;
}

export { ClinicPage as ClinicRoute } from '../../features/clinic/components/clinic-page';
