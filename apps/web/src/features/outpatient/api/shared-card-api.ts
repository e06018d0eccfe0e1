// A shared card link (`POST /outpatient/shared-card/open`): one member's card behind the token
// of the link's fragment.
import {
  SharedCardResponseSchema,
  type SharedCardResponse,
} from '@clinicpass/shared/schemas/outpatient';

import { api } from '../../../lib/api';

export async function openSharedCard(token: string): Promise<SharedCardResponse> {
  const response = await api.request({
    method: 'POST',
    path: '/outpatient/shared-card/open',
    body: { token },
    schema: SharedCardResponseSchema,
  });
  return response.data;
}
