import { CAPTCHA_HEADER } from '../../schemas/captcha';
import {
  AnnouncementSchema,
  MemberTicketResponseSchema,
  TicketsResponseSchema,
} from '../../schemas/outpatient';
import type { HealsLoginBody, MemberTicketBody, SecretRedeemBody } from '../bodies';
import {
  BankSchema,
  EnvironmentSettingSchema,
  HealthServicesLoginSchema,
  IncorporationTypeSchema,
  NationalitySchema,
  OccupationSchema,
  PartnerSchema,
  SecretRedemptionSchema,
  StakeholderRoleSchema,
} from '../entities/reference';
import type {
  AnnouncementQuery,
  BankQuery,
  OutpatientTicketQuery,
  PageOnlyQuery,
} from '../queries';
import type { CallOptions, Caller } from './call';

/** Outpatient, partner, reference data and secret calls (spec platform-layer §7). */
export function referenceCalls(call: Caller) {
  return {
    /** GET /outpatient/ticket?policy_id */
    listOutpatientTickets: (query: OutpatientTicketQuery, options?: CallOptions) =>
      call.get({ path: '/outpatient/ticket', query }, TicketsResponseSchema, options),
    /**
     * POST /outpatient/member-ticket: the member card look-up, behind a captcha: `captcha` is
     * the widget's solved payload, sent as X-Captcha.
     */
    requestMemberTickets: (body: MemberTicketBody, captcha: string, options?: CallOptions) =>
      call.send(
        'POST',
        { path: '/outpatient/member-ticket', headers: { [CAPTCHA_HEADER]: captcha } },
        body,
        MemberTicketResponseSchema,
        options,
      ),
    /** GET /partner/me */
    getPartner: (options?: CallOptions) =>
      call.get({ path: '/partner/me' }, PartnerSchema, options),
    /** POST /heals/login */
    healsLogin: (body: HealsLoginBody, options?: CallOptions) =>
      call.send('POST', { path: '/heals/login' }, body, HealthServicesLoginSchema, options),

    /** GET /announcement?tag */
    listAnnouncements: (query?: AnnouncementQuery, options?: CallOptions) =>
      call.list({ path: '/announcement', query }, AnnouncementSchema, options),
    /** GET /underwriting/occupations */
    listOccupations: (query?: PageOnlyQuery, options?: CallOptions) =>
      call.list({ path: '/underwriting/occupations', query }, OccupationSchema, options),
    /** GET /incorporation-type */
    listIncorporationTypes: (options?: CallOptions) =>
      call.list({ path: '/incorporation-type' }, IncorporationTypeSchema, options),
    /** GET /stakeholder-role */
    listStakeholderRoles: (options?: CallOptions) =>
      call.list({ path: '/stakeholder-role' }, StakeholderRoleSchema, options),
    /** GET /environment-setting */
    listEnvironmentSettings: (options?: CallOptions) =>
      call.list({ path: '/environment-setting' }, EnvironmentSettingSchema, options),
    /** GET /nationality */
    listNationalities: (query?: PageOnlyQuery, options?: CallOptions) =>
      call.list({ path: '/nationality', query }, NationalitySchema, options),
    /** GET /bank?is_active&ordering&no_pagination */
    listBanks: (query?: BankQuery, options?: CallOptions) =>
      call.list({ path: '/bank', query }, BankSchema, options),

    /** POST /secret/ in the root area: redeems a one-time secret. */
    redeemSecret: (body: SecretRedeemBody, options?: CallOptions) =>
      call.send('POST', { area: 'root', path: '/secret/' }, body, SecretRedemptionSchema, options),
  };
}
