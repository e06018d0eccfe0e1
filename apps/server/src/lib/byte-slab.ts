// Answers written into slabs (issue 17, decisions 201, 226). A finder answer is some 20 KB made
// of a few hundred kept pieces. `Buffer.concat` gives each answer an ArrayBuffer of its own, and
// at thousands of answers a second those allocations (and the collections they bring on) cost
// more than the copying. Collecting the pieces into arrays first, and copying those arrays into
// an envelope's, was most of what a search allocated (decision 224). So an answer is written in
// one pass straight into the current 1 MiB slab (`written`), as Node's own pool does for buffers
// under 4 KiB: one allocation per ~50 answers, no array of parts.
//
// A slab's bytes are written once: the next answer starts after the last, and a full slab is
// replaced, never rewound. So an answer handed to a socket is never overwritten while it waits
// to be flushed. A slab lives while any answer cut from it does, so whatever keeps an answer
// beyond its request takes its own copy first (`ownBytes`).

/** Bytes of one slab. */
const SLAB_BYTES = 1024 * 1024;
/** Larger answers get a buffer of their own. */
const LARGEST = SLAB_BYTES / 8;

let slab: Buffer = Buffer.allocUnsafeSlow(SLAB_BYTES);
/** Where the next answer starts in `slab`. */
let used = 0;

/** Appends to the answer being written (see `written`). */
export interface ByteWriter {
  /** Appends bytes. */
  bytes(part: Uint8Array): void;
  /** Appends a string as UTF-8 (as `Buffer.from` encodes it). */
  text(part: string): void;
}

// The answer being written: in `target` (the slab, or a buffer of its own once it outgrew
// `LARGEST`) from `from` to `at`.
let target: Buffer = slab;
let from = 0;
let at = 0;
let writing = false;

/** Makes room for `length` more bytes of the answer being written. */
function room(length: number): void {
  const end = at + length;
  if (end <= target.length && (target !== slab || end - from <= LARGEST)) return;
  const sofar = at - from;
  const needed = sofar + length;
  let next: Buffer;
  if (target === slab && needed <= LARGEST) {
    // A new slab; the old one's tail stays unused.
    next = slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    used = 0;
  } else {
    // A buffer of the answer's own; the slab's next answer starts where this one did.
    next = Buffer.allocUnsafeSlow(Math.max(2 * needed, 2 * LARGEST));
  }
  // The answer so far moves to the start of the new buffer.
  next.set(target.subarray(from, at), 0);
  target = next;
  from = 0;
  at = sofar;
}

const writer: ByteWriter = {
  bytes(part) {
    room(part.length);
    // `set` rather than `copy`: most parts are small, and `copy` checks its arguments and calls
    // into C++ for each.
    target.set(part, at);
    at += part.length;
  },
  text(part) {
    // At most 3 bytes of UTF-8 per UTF-16 unit.
    room(3 * part.length);
    at += target.write(part, at, 'utf8');
  },
};

/**
 * The bytes `write` appends to the writer it is given, in one buffer: cut from the current slab
 * (the next answer starts on an 8-byte boundary after it), or, past `LARGEST`, a buffer exactly
 * its size. Synchronous, and not nested: `write` must not call `written` again.
 */
export function written(write: (out: ByteWriter) => void): Buffer {
  if (writing) throw new Error('written() called while an answer is being written');
  writing = true;
  target = slab;
  from = used;
  at = used;
  try {
    write(writer);
    if (target !== slab) {
      // Outgrew the slab: exactly its size, as Buffer.concat would have made it.
      const own = Buffer.allocUnsafeSlow(at);
      own.set(target.subarray(0, at), 0);
      return own;
    }
    const out = slab.subarray(from, at);
    used = Math.min(slab.length, (at + 7) & ~7);
    return out;
  } finally {
    writing = false;
    target = slab;
  }
}

/** The parts joined in one buffer, cut from a slab (see `written`). */
export function joinParts(parts: readonly Uint8Array[]): Buffer {
  return written((out) => {
    for (const part of parts) out.bytes(part);
  });
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
