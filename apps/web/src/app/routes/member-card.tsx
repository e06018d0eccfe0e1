// Thin route modules of the member card flow (spec §2.1; paths in config/paths.ts). The form
// is its own chunk (it carries the phone rules); the member pages share another.
export { MemberCardPage as MemberCardRoute } from '../../features/member-card/components/member-card-page';
