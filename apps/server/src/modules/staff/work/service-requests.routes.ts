// Service requests (`service`): the pending queue, and the moves with a note the owner sees.
import { opsContract } from '@clinicpass/shared/contracts/ops';
import type { ServiceRequestStatus } from '@clinicpass/shared/platform/enums';
import * as serviceRequests from '../../service-request/service-request.service';
import type { WorkKit } from './work-kit';

const PENDING: readonly ServiceRequestStatus[] = ['open', 'offered'];

export function serviceRequestRoutes({ db, route, change }: WorkKit): void {
  route(opsContract.listServiceRequests, async (request) => {
    const status = request.query.status;
    const statuses: readonly ServiceRequestStatus[] = status === 'pending' ? PENDING : [status];
    return { items: await serviceRequests.listRequestsForStaff(db, statuses) };
  });

  route(opsContract.moveServiceRequest, async (request) => {
    const { id, action } = request.params;
    const note = request.body.note;
    return change(request, {
      read: (tx) => serviceRequests.findRequestForStaff(tx, id),
      apply: (tx) => serviceRequests.operatorMove(tx, request.now, id, action, note),
      record: (before, moved) => ({
        action: `service-request.${action}`,
        targetKind: 'service-request',
        targetId: String(id),
        before: { status: before?.status ?? null, policy: moved.policy },
        after: { status: moved.status, policy: moved.policy, note },
      }),
    });
  });
}
