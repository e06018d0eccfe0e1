import { useParams } from 'react-router';

import { NotFoundPage } from '../../components/not-found-page';
import { NetworkHomePage } from '../../features/doctor-finder/components/network-home-page';
import { ServiceCodePage } from '../../features/doctor-finder/components/service-code-page';

/** `health/network/:policy_number`: the policy's medical-network screen. */
export function NetworkHomeRoute() {
  const { policy_number: policyNumber } = useParams();
  if (policyNumber === undefined || policyNumber === '') return <NotFoundPage />;
  return <NetworkHomePage policyNumber={policyNumber} />;
}

/** `health/network/:policy_number/service-code`: the member's QR service code. */
export function ServiceCodeRoute() {
  const { policy_number: policyNumber } = useParams();
  if (policyNumber === undefined || policyNumber === '') return <NotFoundPage />;
  return <ServiceCodePage policyNumber={policyNumber} />;
}
