// Medical cards (`GET /policy/medical-card`, decision 107): the signed-in owner's, or one
// policy's for the holder of this tab's member view token or its signed-in owner. Read by the
// owner's cards page and the finder's group medical card dialog.
import {
  MEMBER_VIEW_TOKEN_HEADER,
  MedicalCardsResponseSchema,
  type MedicalCard,
} from '@clinicpass/shared/schemas/outpatient';

import { api } from './api';

export const medicalCardKeys = {
  owner: ['medical-cards', 'owner'] as const,
};

/** The signed-in owner's medical cards (every policy they own). */
export async function fetchOwnerCards(): Promise<MedicalCard[]> {
  const response = await api.request({
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
  const response = await api.request({
    path: '/policy/medical-card',
    query: { policy_number: policyNumber },
    ...(token === undefined ? {} : { headers: { [MEMBER_VIEW_TOKEN_HEADER]: token } }),
    schema: MedicalCardsResponseSchema,
  });
  return response.data.results;
}
