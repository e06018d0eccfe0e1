import {
  BodyCheckInfoSchema,
  type BodyCheckInfo,
} from '@clinicpass/shared/platform/entities/reference';

import { api } from '../../../lib/api';

// Apart from the look-up's module: the platform's reference schemas (and their enums) it needs
// load with the member pages, not with the form (decision 203).

/** The body-check centres and the booking line, as the insurer configured them (decision 133). */
export async function fetchBodyCheckInfo(): Promise<BodyCheckInfo> {
  const response = await api.request({ path: '/body-check', schema: BodyCheckInfoSchema });
  return response.data;
}
