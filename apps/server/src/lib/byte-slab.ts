// Answers joined into slabs (issue 17, decision 201). A finder answer is some 20 KB assembled
// from a hundred kept pieces; `Buffer.concat` gives each answer an ArrayBuffer of its own, and
// at thousands of answers a second those allocations (and the collections they bring on) cost
// more than the copying. Here answers are cut from 1 MiB slabs, as Node's own pool does for
// buffers under 4 KiB: one allocation per ~50 answers. A slab lives while any answer cut from it
// does, so whatever keeps an answer beyond its request takes its own copy first (`ownBytes`).

/** Bytes of one slab. */
const SLAB_BYTES = 1024 * 1024;
/** Larger answers get a buffer of their own. */
const LARGEST = SLAB_BYTES / 8;

let slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
let used = 0;

/** The parts joined in one buffer (`length`: their total, when known), cut from a slab. */
export function joinParts(parts: readonly Buffer[], length?: number): Buffer {
  let total = length;
  if (total === undefined) {
    total = 0;
    for (const part of parts) total += part.length;
  }
  if (total > LARGEST) return Buffer.concat(parts, total);
  if (used + total > SLAB_BYTES) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    used = 0;
  }
  const out = slab.subarray(used, used + total);
  let at = 0;
  // `set` rather than `copy`: a finder answer has a few hundred small parts, and `copy` checks
  // its arguments and calls into C++ for each.
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  // The next answer starts on an 8-byte boundary.
  used += (total + 7) & ~7;
  return out;
}

/**
 * The bytes in memory of their own, exactly their size: what is kept past its request must not
 * keep a whole slab (or a pool of Node's) alive. Copied unless they are that already.
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}
