// Keyed hashes and random values for the identity and staff services. Codes and tokens are stored
// only as HMAC-SHA256 with a key derived from the server secret, so a database copy reveals
// neither; the outbox body is sealed with AES-256-GCM for the same reason.
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { OTP_LENGTH } from '@clinicpass/shared/constants';

export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`clinicpass:${purpose}:v1`).digest();
}

export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A one-time code: OTP_LENGTH digits from a CSPRNG. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** An opaque bearer value (refresh token, challenge session): 256 bits. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join('.');
}

export function unseal(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || data === undefined) {
    return sealed;
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/** `o***@example.com`: enough to recognise one's own address, no more. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
