// The captcha's proof of work (issue 16, decision 207), off the page's thread: PBKDF2/SHA-256 of
// the challenge's nonce followed by a counter (4 bytes, big-endian: altcha-lib's `uint32` mode,
// what the server verifies), until the derived key starts with the challenge's prefix. The page
// runs a few of these on interleaved counters (start, start + step, …); the first to find one
// wins. Web Crypto only: no library in this file.
import type { SolveRequest, SolveResult } from './captcha-solver';

const hexToBytes = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
const bytesToHex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

export async function solve({
  parameters,
  start,
  step,
  timeout,
}: SolveRequest): Promise<SolveResult> {
  const nonce = hexToBytes(parameters.nonce);
  const salt = hexToBytes(parameters.salt);
  const prefix = parameters.keyPrefix.toLowerCase();
  const password = new Uint8Array(nonce.length + 4);
  password.set(nonce);
  const counterView = new DataView(password.buffer);
  const began = performance.now();
  for (let counter = start; counter <= 0xffffffff; counter += step) {
    if (performance.now() - began > timeout) return null;
    counterView.setUint32(nonce.length, counter, false);
    const key = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
    const bits = await crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: parameters.cost },
      key,
      parameters.keyLength * 8,
    );
    const derivedKey = bytesToHex(new Uint8Array(bits));
    if (derivedKey.startsWith(prefix)) {
      return { counter, derivedKey, time: Math.round(performance.now() - began) };
    }
  }
  return null;
}

// The worker's global scope, typed here with the page's (DOM) types: both have these two.
self.onmessage = (event: MessageEvent<SolveRequest>) => {
  solve(event.data).then(
    (result) => {
      self.postMessage(result);
    },
    () => {
      self.postMessage(null);
    },
  );
};
