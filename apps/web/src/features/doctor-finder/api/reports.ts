// A member's report of wrong details on a result card (issue 19): a guest sends the solved
// captcha with it, a signed-in customer needs none.
import { callRoute } from '@clinicpass/shared/api-client/route-call';
import { directoryContract } from '@clinicpass/shared/contracts/directory';
import { captchaHeaders } from '@clinicpass/shared/schemas/captcha';
import type {
  DirectoryReportBody,
  DirectoryReportReceipt,
} from '@clinicpass/shared/schemas/directory-report';

import { api } from '../../../lib/api';

export function reportServicePoint(
  servicePointId: number,
  body: DirectoryReportBody,
  captcha: string | null,
): Promise<DirectoryReportReceipt> {
  return callRoute(api, directoryContract.reportServicePoint, {
    params: { id: servicePointId },
    body,
    headers: captchaHeaders(captcha),
  });
}
