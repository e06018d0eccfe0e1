// Thin route modules of the member card flow (spec §2.1; paths in config/paths.ts). The form
// is its own chunk (it carries the phone rules); the member pages share another.
import { useEffect } from 'react';

import { MemberCardPage } from '../../features/member-card/components/member-card-page';

/**
 * The form; once the member starts filling it in, the member pages' chunk is fetched too, so
 * the QR codes show without another round trip after the tap (decision 151). Not before: a page
 * opened and left alone loads only its own code.
 */
export function MemberCardRoute() {
  useEffect(() => {
    // A focus in the form: not the page's own focus after an in-app navigation (a member page
    // opened without a member comes here), which would fetch the member pages unasked.
    const prefetch = (event: FocusEvent) => {
      if (!(event.target instanceof Element) || event.target.closest('form') === null) return;
      document.removeEventListener('focusin', prefetch);
      void import('./member-pages');
    };
    document.addEventListener('focusin', prefetch);
    return () => {
      document.removeEventListener('focusin', prefetch);
    };
  }, []);
  return <MemberCardPage />;
}
