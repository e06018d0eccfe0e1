// The route table, by area (issue 14). One file per endpoint area; `route.ts` says what an
// entry holds. Platform areas join here as they are converted.
import { announcementContract } from './announcement';
import { captchaContract } from './captcha';
import { finderContract } from './finder';
import { healthContract } from './health';
import { devContract, identityContract, sessionContract } from './identity';
import { clinicContract, outpatientContract } from './outpatient';
import { partnerContract } from './partner';
import { referenceContract } from './reference';
import { rootContract } from './root';

export const contract = {
  announcement: announcementContract,
  captcha: captchaContract,
  clinic: clinicContract,
  dev: devContract,
  finder: finderContract,
  health: healthContract,
  identity: identityContract,
  outpatient: outpatientContract,
  partner: partnerContract,
  reference: referenceContract,
  root: rootContract,
  session: sessionContract,
} as const;
