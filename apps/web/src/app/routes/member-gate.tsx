// The member pages' gate (issue 16, decision 203): a member page opened without a live view
// token and with nothing kept on this device can only go to the form, so that is decided here,
// in the shell, before the member pages' code is fetched. A direct visit to the QR page without
// a member then loads the form's code only. Otherwise the loader fetches the member pages' chunk
// (as a lazy route would) and the routes below render its pages. A device the server knows
// holds no member was sent the form's shell for such an address (decision 232).
import type { ComponentType } from 'react';
import { FALLBACK_LANGUAGE, languageFromPrefix } from '@clinicpass/shared/i18n/languages';

import { paths } from '../../config/paths';
import { redirectTo, type RouteLoadArgs, type RouteRedirect } from '../../lib/app-router';
import { hasKeptRecord } from '../../lib/kept-card';
import { markMemberOnDevice } from '../../lib/member-on-device';
import { readViewToken } from '../../lib/view-token';

import type * as MemberPagesModule from './member-pages';

type MemberPages = typeof MemberPagesModule;

let memberPages: MemberPages | undefined;

/** Fetched once; a failed fetch is tried again on the next visit. */
function loadMemberPages(): Promise<MemberPages> {
  return import('./member-pages').then((module) => {
    memberPages = module;
    return module;
  });
}

export async function memberGateLoader({ params }: RouteLoadArgs): Promise<RouteRedirect | null> {
  if (readViewToken() === null && !(await hasKeptRecord())) {
    // As the member pages themselves do without a token: to the form, saying it has expired.
    const language = languageFromPrefix(params.lang) ?? FALLBACK_LANGUAGE;
    return redirectTo(paths.outpatient.memberCard.getHref(language), { expired: true });
  }
  // A member without the server's mark (a card kept before decision 232, cookies cleared):
  // the next visit to a member page is sent that page's shell. The mark is not cleared here:
  // another tab may hold a member this one does not see.
  markMemberOnDevice();
  await loadMemberPages();
  return null;
}

/** The member pages' frame, once the gate has loaded their chunk. */
export function MemberGate() {
  if (memberPages === undefined) return null;
  const { MemberLayoutRoute } = memberPages;
  return <MemberLayoutRoute />;
}

/** A member page, rendered inside the gate once the member pages' chunk is there. */
function memberPage(pick: (pages: MemberPages) => ComponentType): ComponentType {
  return function MemberPage() {
    if (memberPages === undefined) return null;
    const Page = pick(memberPages);
    return <Page />;
  };
}

export const MemberQrGate = memberPage((pages) => pages.MemberQrRoute);
export const MemberBodyCheckGate = memberPage((pages) => pages.MemberBodyCheckRoute);
export const MemberDoctorsGate = memberPage((pages) => pages.MemberDoctorsRoute);
export const MemberMembershipGate = memberPage((pages) => pages.MemberMembershipRoute);
