import { captchaHeaders } from '@clinicpass/shared/schemas/captcha';
import {
  MEMBER_VIEW_TOKEN_HEADER,
  MedicalCardsResponseSchema,
  MemberSummarySchema,
  MemberTicketResponseSchema,
  SharedCardLinkResponseSchema,
  SharedCardResponseSchema,
  TicketsResponseSchema,
  type MedicalCard,
  type MemberSummary,
  type MemberTicketResponse,
  type SharedCardResponse,
  type Ticket,
} from '@clinicpass/shared/schemas/outpatient';

import {
  BodyCheckInfoSchema,
  type BodyCheckInfo,
} from '@clinicpass/shared/platform/entities/reference';

import { apiClient } from './api-client';

export const memberCardKeys = {
  bodyCheck: ['member-card', 'body-check'] as const,
  member: (token: string) => ['member-card', 'member', token] as const,
  tickets: (token: string, policyNumber: string) =>
    ['member-card', 'tickets', token, policyNumber] as const,
  ownerCards: ['member-card', 'owner-cards'] as const,
  ownerTickets: (policyNumber: string) => ['member-card', 'owner-tickets', policyNumber] as const,
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
  const response = await apiClient.request({
    method: 'POST',
    path: '/outpatient/member-ticket',
    headers: captchaHeaders(captcha),
    body,
    schema: MemberTicketResponseSchema,
  });
  return response.data;
}

export async function fetchMember(token: string): Promise<MemberSummary> {
  const response = await apiClient.request({
    path: '/outpatient/member',
    headers: viewHeaders(token),
    schema: MemberSummarySchema,
  });
  return response.data;
}

/** Fresh tickets of a policy: with the member view token, or as the signed-in owner. */
export async function fetchTickets(policyNumber: string, token?: string): Promise<Ticket[]> {
  const response = await apiClient.request({
    path: '/outpatient/ticket',
    query: { policy_id: policyNumber },
    ...(token === undefined ? {} : { headers: viewHeaders(token) }),
    schema: TicketsResponseSchema,
  });
  return response.data.tickets;
}

/** The signed-in owner's medical cards (every policy they own). */
export async function fetchOwnerCards(): Promise<MedicalCard[]> {
  const response = await apiClient.request({
    path: '/policy/medical-card',
    schema: MedicalCardsResponseSchema,
  });
  return response.data.results;
}

/** The medical cards of one policy: with the member view token, or as its signed-in owner. */
export async function fetchPolicyMedicalCards(
  policyNumber: string,
  token?: string,
): Promise<MedicalCard[]> {
  const response = await apiClient.request({
    path: '/policy/medical-card',
    query: { policy_number: policyNumber },
    ...(token === undefined ? {} : { headers: viewHeaders(token) }),
    schema: MedicalCardsResponseSchema,
  });
  return response.data.results;
}

export async function createSharedLink(token: string): Promise<string> {
  const response = await apiClient.request({
    method: 'POST',
    path: '/outpatient/shared-card',
    headers: viewHeaders(token),
    body: {},
    schema: SharedCardLinkResponseSchema,
  });
  return response.data.token;
}

export async function openSharedCard(token: string): Promise<SharedCardResponse> {
  const response = await apiClient.request({
    method: 'POST',
    path: '/outpatient/shared-card/open',
    body: { token },
    schema: SharedCardResponseSchema,
  });
  return response.data;
}

/** The body-check centres and the booking line, as the insurer configured them (decision 133). */
export async function fetchBodyCheckInfo(): Promise<BodyCheckInfo> {
  const response = await apiClient.request({ path: '/body-check', schema: BodyCheckInfoSchema });
  return response.data;
}
