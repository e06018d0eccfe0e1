// The finder's policy-access check: who may search which list, and whether the results may carry
// member prices (decision 140). A policy's answer is reused for POLICY_ACCESS_TTL_MS per process
// (decision 111), so a search is spared a database round trip.
import { PANELS, type Panel } from '@clinicpass/shared/constants';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import type { FinderRepository } from './finder.repository';

/** Which list is searched: a panel, or the group-policy list (primary network, fewer filters). */
export type FinderList = Panel | 'group';

/**
 * How long a process reuses a policy's finder access answer (decision 110). A policy that
 * lapses keeps reading the network's public list for at most this long; a search is spared a
 * database round trip.
 */
export const POLICY_ACCESS_TTL_MS = 10_000;
/** Policy numbers remembered at most; the memory is emptied when full. */
const POLICY_ACCESS_ENTRIES = 10_000;

const NO_ACCESS_MESSAGE = 'This policy has no access to the medical network';

export function validation(parameter: string, message: string): AppError {
  return validationError([{ path: `querystring.${parameter}`, message, key: 'invalid' }], {
    message: `Invalid query parameter ${parameter}: ${message}`,
  });
}

export function createAccessCheck(
  finder: Pick<FinderRepository, 'policyHasNetwork'>,
  now: () => number,
) {
  const access = new Map<string, { allowed: boolean; until: number }>();

  async function policyHasNetwork(policyNumber: string) {
    const time = now();
    const known = access.get(policyNumber);
    if (known !== undefined && known.until > time) return known;
    const allowed = await finder.policyHasNetwork(policyNumber, PANELS.primary);
    if (access.size >= POLICY_ACCESS_ENTRIES) access.clear();
    const answer = { allowed, until: time + POLICY_ACCESS_TTL_MS };
    access.set(policyNumber, answer);
    return answer;
  }

  /**
   * Refuses a caller the list is closed to; else until when (ms) that answer may be reused and
   * whether its results may carry member prices (decision 140: only behind a policy number of
   * the primary network; the second panel shows none at all).
   */
  return async function checkAccess(
    list: FinderList,
    policyNumber: string | undefined,
  ): Promise<{ until: number; priced: boolean }> {
    // The second panel is open to anyone; the group list and the primary panel need a policy
    // of the primary network. Unknown and network-less policies get one and the same answer.
    if (list === PANELS.second || (list === 'group' && policyNumber === undefined)) {
      return { until: now() + POLICY_ACCESS_TTL_MS, priced: false };
    }
    if (policyNumber === undefined) {
      throw validation('policy_number', 'is required on this panel');
    }
    const { allowed, until } = await policyHasNetwork(policyNumber);
    if (!allowed) throw new AppError('no_access', { message: NO_ACCESS_MESSAGE });
    return { until, priced: true };
  };
}
