// The route table, by area (issue 14). One file per endpoint area; `route.ts` says what an
// entry holds.
import { announcementContract } from './announcement';
import { applicationCaseContract } from './application-case';
import { billingContract } from './billing';
import { captchaContract } from './captcha';
import { claimContract } from './claim';
import { clinicContract, policyVisitsContract } from './clinic';
import { directoryContract } from './directory';
import { documentContract } from './document';
import { finderContract } from './finder';
import { healthContract } from './health';
import { devContract, identityContract, sessionContract } from './identity';
import { opsContract } from './ops';
import { outpatientContract } from './outpatient';
import { partnerContract } from './partner';
import { paymentContract } from './payment';
import { policyContract } from './policy';
import { productContract } from './product';
import { referenceContract } from './reference';
import { rootContract } from './root';
import { serviceRequestContract } from './service-request';
import { stakeholderContract } from './stakeholder';
import { underwritingContract } from './underwriting';

export const contract = {
  announcement: announcementContract,
  applicationCase: applicationCaseContract,
  billing: billingContract,
  captcha: captchaContract,
  claim: claimContract,
  clinic: clinicContract,
  dev: devContract,
  directory: directoryContract,
  document: documentContract,
  finder: finderContract,
  health: healthContract,
  identity: identityContract,
  ops: opsContract,
  outpatient: outpatientContract,
  partner: partnerContract,
  payment: paymentContract,
  policy: policyContract,
  policyVisits: policyVisitsContract,
  product: productContract,
  reference: referenceContract,
  root: rootContract,
  serviceRequest: serviceRequestContract,
  session: sessionContract,
  stakeholder: stakeholderContract,
  underwriting: underwritingContract,
} as const;
