import { useParams } from 'react-router';

import { NotFoundPage } from '../../components/not-found-page';
import { isPanel } from '../../config/panels';
import { DoctorFinderPage } from '../../features/doctor-finder/components/doctor-finder-page';

/** Both finder addresses (`outpatient/doctor-list/…` and `health/network/…`) land here. */
export function DoctorFinderRoute() {
  const { panel, policy_number: policyNumber } = useParams();
  if (!isPanel(panel) || policyNumber === undefined || policyNumber === '') {
    return <NotFoundPage />;
  }
  return (
    <DoctorFinderPage key={`${panel}/${policyNumber}`} panel={panel} policyNumber={policyNumber} />
  );
}
