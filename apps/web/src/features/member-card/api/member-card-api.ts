import { captchaHeaders } from '@clinicpass/shared/schemas/captcha';
import {
  MEMBER_VIEW_TOKEN_HEADER,
  MemberSummarySchema,
  MemberTicketResponseSchema,
  SharedCardLinkResponseSchema,
  type MemberSummary,
  type MemberTicketResponse,
} from '@clinicpass/shared/schemas/outpatient';

import { api } from '../../../lib/api';

export const memberCardKeys = {
  bodyCheck: ['member-card', 'body-check'] as const,
  member: (token: string) => ['member-card', 'member', token] as const,
};

const viewHeaders = (token: string) => ({ [MEMBER_VIEW_TOKEN_HEADER]: token });

/**
 * The look-up (HKID or member code + applicant phone), already validated and normalised, with
 * the solved captcha every look-up needs.
 */
export async function lookUpMember({
  body,
  captcha,
}: {
  body: { identity_document_number?: string; member_code?: string; phone_number: string };
  captcha: string;
}): Promise<MemberTicketResponse> {
  const response = await api.request({
    method: 'POST',
    path: '/outpatient/member-ticket',
    headers: captchaHeaders(captcha),
    body,
    schema: MemberTicketResponseSchema,
  });
  return response.data;
}

export async function fetchMember(token: string): Promise<MemberSummary> {
  const response = await api.request({
    path: '/outpatient/member',
    headers: viewHeaders(token),
    schema: MemberSummarySchema,
  });
  return response.data;
}

export async function createSharedLink(token: string): Promise<string> {
  const response = await api.request({
    method: 'POST',
    path: '/outpatient/shared-card',
    headers: viewHeaders(token),
    body: {},
    schema: SharedCardLinkResponseSchema,
  });
  return response.data.token;
}
