import { callRoute } from '../../api-client/route-call';
import { partnerContract } from '../../contracts/partner';
import { referenceContract } from '../../contracts/reference';
import { rootContract } from '../../contracts/root';
import { CAPTCHA_HEADER } from '../../schemas/captcha';
import type {
  HealsLoginBody,
  MemberTicketBody,
  SecretRedeemBody,
  StakeholderBody,
  StakeholderPatchBody,
} from '../bodies';
import { AnnouncementSchema, StakeholderSchema } from '../entities/reference';
import { OutpatientCaseSchema, TicketsResultSchema } from '../entities/results';
import type {
  AnnouncementQuery,
  BankQuery,
  OutpatientTicketQuery,
  PageOnlyQuery,
} from '../queries';
import { segment } from './call';
import type { CallOptions, Caller } from './call';

/** Outpatient, partner, reference data, stakeholder and secret calls (spec platform-layer §7). */
export function referenceCalls(call: Caller) {
  return {
    /** GET /outpatient/ticket?policy_id */
    listOutpatientTickets: (query: OutpatientTicketQuery, options?: CallOptions) =>
      call.get({ path: '/outpatient/ticket', query }, TicketsResultSchema, options),
    /**
     * POST /outpatient/member-ticket: the member card look-up, behind a captcha: `captcha` is
     * the widget's solved payload, sent as X-Captcha.
     */
    requestMemberTickets: (body: MemberTicketBody, captcha: string, options?: CallOptions) =>
      call.send(
        'POST',
        { path: '/outpatient/member-ticket', headers: { [CAPTCHA_HEADER]: captcha } },
        body,
        TicketsResultSchema,
        options,
      ),
    /** POST /outpatient/submit/{id} (empty body) */
    submitOutpatientCase: (id: number, options?: CallOptions) =>
      call.send(
        'POST',
        { path: `/outpatient/submit/${segment(id)}` },
        {},
        OutpatientCaseSchema,
        options,
      ),
    /** GET /partner/me */
    getPartner: (options?: CallOptions) =>
      callRoute(call.api, partnerContract.getPartner, { ...options }),
    /** POST /heals/login */
    healsLogin: (body: HealsLoginBody, options?: CallOptions) =>
      callRoute(call.api, partnerContract.healsLogin, { body, ...options }),

    /** GET /announcement?tag */
    listAnnouncements: (query?: AnnouncementQuery, options?: CallOptions) =>
      call.list({ path: '/announcement', query }, AnnouncementSchema, options),
    /** GET /underwriting/occupations */
    listOccupations: (query?: PageOnlyQuery, options?: CallOptions) =>
      callRoute(call.api, referenceContract.listOccupations, { query, ...options }),
    /** GET /incorporation-type */
    listIncorporationTypes: (options?: CallOptions) =>
      callRoute(call.api, referenceContract.listIncorporationTypes, { ...options }),
    /** GET /stakeholder-role */
    listStakeholderRoles: (options?: CallOptions) =>
      callRoute(call.api, referenceContract.listStakeholderRoles, { ...options }),
    /** GET /environment-setting */
    listEnvironmentSettings: (options?: CallOptions) =>
      callRoute(call.api, referenceContract.listEnvironmentSettings, { ...options }),
    /** GET /nationality */
    listNationalities: (query?: PageOnlyQuery, options?: CallOptions) =>
      callRoute(call.api, referenceContract.listNationalities, { query, ...options }),
    /** GET /bank?is_active&ordering&no_pagination */
    listBanks: (query?: BankQuery, options?: CallOptions) =>
      callRoute(call.api, referenceContract.listBanks, { query, ...options }),

    /** GET /stakeholder */
    listStakeholders: (query?: PageOnlyQuery, options?: CallOptions) =>
      call.list({ path: '/stakeholder', query }, StakeholderSchema, options),
    /** POST /stakeholder */
    createStakeholder: (body: StakeholderBody, options?: CallOptions) =>
      call.send('POST', { path: '/stakeholder' }, body, StakeholderSchema, options),
    /** GET /stakeholder/{id} */
    getStakeholder: (id: number, options?: CallOptions) =>
      call.get({ path: `/stakeholder/${segment(id)}` }, StakeholderSchema, options),
    /** PATCH /stakeholder/{id} */
    updateStakeholder: (id: number, body: StakeholderPatchBody, options?: CallOptions) =>
      call.send('PATCH', { path: `/stakeholder/${segment(id)}` }, body, StakeholderSchema, options),
    /** DELETE /stakeholder/{id} */
    deleteStakeholder: (id: number, options?: CallOptions) =>
      call.remove({ path: `/stakeholder/${segment(id)}` }, options),

    /** POST /secret/ in the root area: redeems a one-time secret. */
    redeemSecret: (body: SecretRedeemBody, options?: CallOptions) =>
      callRoute(call.api, rootContract.redeemSecret, { body, ...options }),
  };
}
