import { MemberCardPage } from '../../features/member-card/components/member-card-page';

export function MemberCardRoute() {
  return <MemberCardPage />;
}
