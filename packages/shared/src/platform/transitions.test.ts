import { describe, expect, it } from 'vitest';
import { POLICY_STATUSES, SERVICE_REQUEST_STATUSES } from './enums';
import {
  CANCELLABLE_SERVICE_REQUEST_STATUSES,
  canMove,
  TERMINABLE_POLICY_STATUSES,
  terminatedStatus,
} from './transitions';

describe('platform transitions', () => {
  it('terminate only in-force and free-looking policies', () => {
    const terminable = POLICY_STATUSES.filter((status) =>
      canMove(TERMINABLE_POLICY_STATUSES, status),
    );
    expect(terminable).toEqual(['free-looking', 'in-force']);
  });

  it('cancel a policy in its free look and terminate it otherwise', () => {
    expect(terminatedStatus('free-looking')).toBe('canceled');
    expect(terminatedStatus('in-force')).toBe('terminated');
  });

  it('cancel a service request only before the insurer decides', () => {
    const refused = SERVICE_REQUEST_STATUSES.filter(
      (status) => !canMove(CANCELLABLE_SERVICE_REQUEST_STATUSES, status),
    );
    expect(refused).toEqual(['updated', 'approved', 'completed', 'rejected', 'canceled']);
  });
});
