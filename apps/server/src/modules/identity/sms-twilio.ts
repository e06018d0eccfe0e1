// SMS through Twilio's Programmable Messaging REST API (decision 282): `POST
// /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP basic auth with the account SID and
// auth token, form-encoded `To`, `From` (or `MessagingServiceSid`) and `Body`. Plain fetch
// rather than the `twilio` package: one documented call does not need its client (axios,
// jsonwebtoken, xmlbuilder…). A refusal throws a DeliveryError naming Twilio's status and error
// code only; Twilio's message text can quote the number, so it is not kept.
import { DeliveryError } from './delivery-error';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  apiBase: string;
}

const TIMEOUT_MS = 10_000;

export async function sendTwilioSms(settings: TwilioSettings, to: string, body: string) {
  const url = new URL(
    `/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`,
    settings.apiBase,
  );
  const form = new URLSearchParams({ To: to, Body: body });
  if (/^MG[0-9a-f]{32}$/i.test(settings.from)) form.set('MessagingServiceSid', settings.from);
  else form.set('From', settings.from);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new DeliveryError(
      `twilio unreachable (${(error as Error).name === 'TimeoutError' ? 'timeout' : 'network'})`,
    );
  }
  if (response.status === 201 || response.status === 200) {
    await response.body?.cancel();
    return;
  }
  const answer = (await response.json().catch(() => ({}))) as { code?: unknown };
  const code = typeof answer.code === 'number' ? ` code ${answer.code}` : '';
  throw new DeliveryError(`twilio answered ${response.status}${code}`);
}
