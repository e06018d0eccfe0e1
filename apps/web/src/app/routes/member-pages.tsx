export { BodyCheckPage as MemberBodyCheckRoute } from '../../features/member-card/components/body-check-page';
export { ManageMembershipPage as MemberMembershipRoute } from '../../features/member-card/components/manage-membership-page';
export { MemberLayout as MemberLayoutRoute } from '../../features/member-card/components/member-layout';
export { QrCodesPage as MemberQrRoute } from '../../features/member-card/components/qr-codes-page';
export { SearchDoctorPage as MemberDoctorsRoute } from '../../features/member-card/components/search-doctor-page';
