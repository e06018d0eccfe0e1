// What an uploaded claim document must be (decision 293), checked as it streams in, never
// buffered whole: its type by content (JPEG, PNG, HEIC or PDF: the first bytes, whatever the
// name or the declared type say), at most MAX_DOCUMENT_BYTES, not empty; a photo loses its
// EXIF and text metadata (where a phone writes the GPS location) on the way to storage; a PDF
// carrying JavaScript (a /JavaScript or /JS name, escaped or inside a compressed stream) is
// refused. `checkedUpload` is a Transform: what it lets through is what is stored.
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { inflateSync } from 'node:zlib';
import { AppError } from '@clinicpass/shared/errors/app-error';

/** The largest document accepted: 10 MB (a phone photo of a receipt is 2–5 MB). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export type DocumentType = 'image/jpeg' | 'image/png' | 'image/heic' | 'application/pdf';
export const DOCUMENT_TYPES: readonly DocumentType[] = [
  'image/jpeg',
  'image/png',
  'image/heic',
  'application/pdf',
];

const HEIC_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'];

/** The type the first bytes show, or null (12 bytes are enough for every accepted type). */
export function sniffType(head: Buffer): DocumentType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return 'image/jpeg';
  }
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (
    head.length >= 12 &&
    head.subarray(4, 8).toString('latin1') === 'ftyp' &&
    HEIC_BRANDS.includes(head.subarray(8, 12).toString('latin1'))
  ) {
    return 'image/heic';
  }
  return null;
}

// ---------------------------------------------------------------- JPEG: drop APP1 and COM

/**
 * Passes a JPEG through without its APP1 segments (EXIF, with GPS, and XMP), APP13 (IPTC) and
 * comments; everything from the start of scan on is copied as it is.
 */
class JpegMetadataStripper {
  private pending = Buffer.alloc(0);
  private skip = 0;
  private started = false;
  private scanning = false;
  /** Whether a frame header (SOFn) came before. */
  private framed = false;

  push(chunk: Buffer, out: (part: Buffer) => void): void {
    if (this.scanning) {
      out(chunk);
      return;
    }
    let data = Buffer.concat([this.pending, chunk]);
    if (this.skip > 0) {
      const dropped = Math.min(this.skip, data.length);
      this.skip -= dropped;
      data = data.subarray(dropped);
    }
    if (!this.started) {
      if (data.length < 2) {
        this.pending = data;
        return;
      }
      out(data.subarray(0, 2));
      data = data.subarray(2);
      this.started = true;
    }
    for (;;) {
      if (this.skip > 0) {
        const dropped = Math.min(this.skip, data.length);
        this.skip -= dropped;
        data = data.subarray(dropped);
        if (this.skip > 0) break;
      }
      if (data.length < 4) break;
      if (data[0] !== 0xff) {
        // Not a marker where one must be: not a JPEG this reader understands.
        throw new AppError('file_type_not_accepted', { message: 'The JPEG image is damaged' });
      }
      const marker = data[1] ?? 0;
      if (marker === 0xda) {
        // A scan before a frame header: a JPEG signature in front of something else.
        if (!this.framed) {
          throw new AppError('file_type_not_accepted', { message: 'The JPEG image is damaged' });
        }
        this.scanning = true;
        out(data);
        data = Buffer.alloc(0);
        break;
      }
      const length = data.readUInt16BE(2);
      if (length < 2) {
        throw new AppError('file_type_not_accepted', { message: 'The JPEG image is damaged' });
      }
      // SOF0–SOF15 (but DHT C4, JPG C8, DAC CC): the frame header a scan needs before it.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        this.framed = true;
      }
      const drop = marker === 0xe1 || marker === 0xed || marker === 0xfe;
      if (drop) {
        this.skip = 2 + length;
        continue;
      }
      if (data.length < 2 + length) break;
      out(data.subarray(0, 2 + length));
      data = data.subarray(2 + length);
    }
    this.pending = Buffer.from(data);
  }

  end(out: (part: Buffer) => void): void {
    if (!this.scanning) {
      throw new AppError('file_type_not_accepted', { message: 'The JPEG image is incomplete' });
    }
    if (this.pending.length > 0) out(this.pending);
  }
}

// ---------------------------------------------------------------- PNG: drop eXIf and text

const PNG_DROPPED = ['eXIf', 'tEXt', 'iTXt', 'zTXt'];

/** A PNG chunk's type: four ASCII letters. */
const PNG_CHUNK_TYPE = /^[A-Za-z]{4}$/;

function damagedPng(reason: string): AppError {
  return new AppError('file_type_not_accepted', { message: `The PNG image is damaged: ${reason}` });
}

/**
 * Passes a PNG through without its eXIf and text chunks (EXIF and XMP live there). The chunks
 * are checked as they pass — IHDR first, each type four letters, each length within the PNG
 * limit — so a PNG signature before other content is refused; what follows IEND (where a
 * second file is hidden in a polyglot) is dropped.
 */
class PngMetadataStripper {
  private pending = Buffer.alloc(0);
  private signature = false;
  private chunks = 0;
  private ended = false;
  /** Bytes left of the current chunk, and whether they are kept. */
  private left = 0;
  private keep = true;

  push(chunk: Buffer, out: (part: Buffer) => void): void {
    if (this.ended && this.left === 0) return;
    let data = Buffer.concat([this.pending, chunk]);
    if (!this.signature) {
      if (data.length < 8) {
        this.pending = data;
        return;
      }
      out(data.subarray(0, 8));
      data = data.subarray(8);
      this.signature = true;
    }
    for (;;) {
      if (this.left > 0) {
        const part = data.subarray(0, this.left);
        if (this.keep) out(part);
        this.left -= part.length;
        data = data.subarray(part.length);
        if (this.left > 0) break;
      }
      if (this.ended) {
        data = Buffer.alloc(0);
        break;
      }
      if (data.length < 8) break;
      const length = data.readUInt32BE(0);
      const type = data.subarray(4, 8).toString('latin1');
      if (!PNG_CHUNK_TYPE.test(type)) throw damagedPng('a chunk has no valid type');
      if (length > 0x7fffffff) throw damagedPng(`chunk ${type} is too long`);
      if (this.chunks === 0 && (type !== 'IHDR' || length !== 13)) {
        throw damagedPng('it does not start with its header');
      }
      this.chunks += 1;
      if (type === 'IEND') this.ended = true;
      this.keep = !PNG_DROPPED.includes(type);
      this.left = 12 + length;
    }
    this.pending = Buffer.from(data);
  }

  end(): void {
    if (!this.ended || this.left > 0) throw damagedPng('it is incomplete');
  }
}

// ---------------------------------------------------------------- HEIC: blank the Exif item

/** Reads an unsigned big-endian number of `size` bytes (0, 4 or 8) at `at`. */
function readSized(buf: Buffer, at: number, size: number): number {
  if (size === 0) return 0;
  if (size === 4) return buf.readUInt32BE(at);
  if (size === 8) return Number(buf.readBigUInt64BE(at));
  throw new AppError('file_type_not_accepted', { message: 'The HEIC image is damaged' });
}

interface Box {
  type: string;
  start: number;
  body: number;
  end: number;
}

function boxesIn(buf: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.subarray(at + 4, at + 8).toString('latin1');
    let body = at + 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < 8 || at + size > to) break;
    boxes.push({ type, start: at, body, end: at + size });
    at += size;
  }
  return boxes;
}

/** The file ranges of the `meta` box's Exif items (iinf names them, iloc places them). */
export function heicExifRanges(meta: Buffer): { from: number; to: number }[] {
  // `meta` is a full box: 4 bytes of version and flags before its children.
  const children = boxesIn(meta, 12, meta.length);
  const iinf = children.find((b) => b.type === 'iinf');
  const iloc = children.find((b) => b.type === 'iloc');
  if (iinf === undefined || iloc === undefined) return [];
  const exifIds = new Set<number>();
  const iinfVersion = meta[iinf.body] ?? 0;
  const entriesAt = iinf.body + 4 + (iinfVersion === 0 ? 2 : 4);
  for (const infe of boxesIn(meta, entriesAt, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const version = meta[infe.body] ?? 0;
    if (version < 2) continue;
    const id = version === 2 ? meta.readUInt16BE(infe.body + 4) : meta.readUInt32BE(infe.body + 4);
    const typeAt = infe.body + 4 + (version === 2 ? 2 : 4) + 2;
    if (meta.subarray(typeAt, typeAt + 4).toString('latin1') === 'Exif') exifIds.add(id);
  }
  if (exifIds.size === 0) return [];
  const version = meta[iloc.body] ?? 0;
  let at = iloc.body + 4;
  const sizes = meta[at] ?? 0;
  const sizes2 = meta[at + 1] ?? 0;
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 15;
  const baseSize = sizes2 >> 4;
  const indexSize = version === 1 || version === 2 ? sizes2 & 15 : 0;
  at += 2;
  const count = version < 2 ? meta.readUInt16BE(at) : meta.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  const ranges: { from: number; to: number }[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = version < 2 ? meta.readUInt16BE(at) : meta.readUInt32BE(at);
    at += version < 2 ? 2 : 4;
    const method = version === 1 || version === 2 ? meta.readUInt16BE(at) & 15 : 0;
    if (version === 1 || version === 2) at += 2;
    at += 2; // data reference index
    const base = readSized(meta, at, baseSize);
    at += baseSize;
    const extents = meta.readUInt16BE(at);
    at += 2;
    for (let e = 0; e < extents; e += 1) {
      at += indexSize;
      const offset = readSized(meta, at, offsetSize);
      at += offsetSize;
      const length = readSized(meta, at, lengthSize);
      at += lengthSize;
      if (exifIds.has(id) && method === 0) {
        ranges.push({ from: base + offset, to: base + offset + length });
      }
      if (exifIds.has(id) && method !== 0) {
        // Exif kept inside the meta box (idat): not blanked by position; refuse it.
        throw new AppError('file_type_not_accepted', {
          message: 'This HEIC image keeps its metadata in a form that cannot be removed',
        });
      }
    }
  }
  return ranges;
}

/**
 * Passes a HEIC through with its Exif items' bytes blanked (zeros, so every offset stays
 * valid). The `meta` box comes before the image data in files phones write; it is read whole
 * (it is small: a HEIC whose meta box exceeds 1 MB is refused).
 */
class HeicMetadataStripper {
  private pending = Buffer.alloc(0);
  private position = 0;
  private ranges: { from: number; to: number }[] | null = null;

  push(chunk: Buffer, out: (part: Buffer) => void): void {
    if (this.ranges === null) {
      this.pending = Buffer.concat([this.pending, chunk]);
      const boxes = boxesIn(this.pending, 0, this.pending.length);
      const meta = boxes.find((b) => b.type === 'meta');
      if (meta === undefined) {
        if (this.pending.length > 1024 * 1024) {
          throw new AppError('file_type_not_accepted', {
            message: 'The HEIC image has no metadata box where expected',
          });
        }
        return;
      }
      this.ranges = heicExifRanges(this.pending.subarray(meta.start, meta.end));
      chunk = this.pending;
      this.pending = Buffer.alloc(0);
    }
    const part = Buffer.from(chunk);
    for (const range of this.ranges) {
      const from = Math.max(range.from - this.position, 0);
      const to = Math.min(range.to - this.position, part.length);
      if (from < to) part.fill(0, from, to);
    }
    this.position += part.length;
    out(part);
  }

  end(out: (part: Buffer) => void): void {
    if (this.ranges === null) {
      throw new AppError('file_type_not_accepted', { message: 'The HEIC image is incomplete' });
    }
    if (this.pending.length > 0) out(this.pending);
  }
}

// ---------------------------------------------------------------- PDF: refuse JavaScript

const NAME = /\/((?:[^\s/<>[\]()%{}#]|#[0-9A-Fa-f]{2})+)/g;
const SCRIPT_NAMES = new Set(['JavaScript', 'JS']);
/** The most a compressed stream is inflated to for the scan (a zip bomb stops there). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** How much text before a `stream` keyword is kept to read the stream's dictionary. */
const DICTIONARY_KEPT = 2048;

/** Whether `text` (latin1) names JavaScript, `#xx` escapes decoded. */
export function namesScript(text: string): boolean {
  for (const match of text.matchAll(NAME)) {
    const name = (match[1] ?? '').replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    if (SCRIPT_NAMES.has(name)) return true;
  }
  return false;
}

/**
 * Scans a PDF as it passes: the names outside streams, and each stream's bytes inflated (an
 * object stream may hide a /JS action), one stream at a time (each at most the file's size).
 */
class PdfScriptScanner {
  /** Text (latin1) not yet settled: outside a stream, the last bytes are read again. */
  private carry = '';
  private inStream = false;
  private streamParts: string[] = [];
  /** The dictionary of the stream being read (the text from its `obj` to `stream`). */
  private streamDict = '';

  push(chunk: Buffer, out: (part: Buffer) => void): void {
    out(chunk);
    this.carry += chunk.toString('latin1');
    this.process(false);
  }

  private process(final: boolean): void {
    for (;;) {
      if (!this.inStream) {
        const start = /stream\r?\n/.exec(this.carry);
        if (start === null) {
          if (namesScript(this.carry)) this.refuse();
          // A name or keyword cut by the chunk's end is read again with the next chunk.
          // A stream's dictionary, read when its stream starts, is kept too.
          this.carry = final ? '' : this.carry.slice(-DICTIONARY_KEPT);
          return;
        }
        if (namesScript(this.carry.slice(0, start.index))) this.refuse();
        const before = this.carry.slice(0, start.index);
        const objAt = before.lastIndexOf('obj');
        this.streamDict = objAt === -1 ? before : before.slice(objAt);
        this.carry = this.carry.slice(start.index + start[0].length);
        this.inStream = true;
        this.streamParts = [];
        continue;
      }
      const end = this.carry.indexOf('endstream');
      if (end === -1) {
        if (final) {
          this.streamParts.push(this.carry);
          this.checkStream();
          return;
        }
        // Keep enough to find an `endstream` cut by the chunk's end.
        if (this.carry.length > 9) {
          this.streamParts.push(this.carry.slice(0, -9));
          this.carry = this.carry.slice(-9);
        }
        return;
      }
      this.streamParts.push(this.carry.slice(0, end));
      this.checkStream();
      this.carry = this.carry.slice(end + 'endstream'.length);
      this.inStream = false;
    }
  }

  /**
   * Scans the stream just read: its bytes as they are when its dictionary names no filter (an
   * object stream kept plain), inflated when it is Flate-compressed. An object stream (where
   * objects, a script action among them, are kept) encoded any other way cannot be checked
   * and is refused; another stream with another filter (an image) holds no objects.
   */
  private checkStream(): void {
    const raw = this.streamParts.join('');
    this.streamParts = [];
    // Names may be written with #xx escapes (`/Obj#53tm`): read them decoded.
    const dict = this.streamDict.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()]+)/
      .exec(dict)?.[1]
      ?.replace(/[[\]\s]/g, '');
    if (filter === undefined) {
      if (namesScript(raw)) this.refuse();
      return;
    }
    if (filter === '/FlateDecode' || filter === '/Fl') {
      let inflated: Buffer | null;
      try {
        inflated = inflateSync(Buffer.from(raw, 'latin1'), { maxOutputLength: MAX_INFLATED_BYTES });
      } catch {
        inflated = null;
      }
      if (inflated !== null && namesScript(inflated.toString('latin1'))) this.refuse();
      if (inflated === null && /\/Type\s*\/ObjStm/.test(dict)) this.unreadable();
      return;
    }
    if (/\/Type\s*\/ObjStm/.test(dict)) this.unreadable();
  }

  private unreadable(): never {
    throw new AppError('file_type_not_accepted', {
      message: 'The PDF keeps its objects in a form that cannot be checked',
    });
  }

  private refuse(): never {
    throw new AppError('file_has_script', {
      message: 'The PDF carries JavaScript, which is not accepted',
    });
  }

  end(): void {
    this.process(true);
  }
}

// ---------------------------------------------------------------- the upload's transform

export interface CheckedUpload extends Transform {
  /** The type the content showed (set once the first bytes passed). */
  readonly contentType: () => DocumentType | null;
  readonly size: () => number;
  readonly sha256: () => string;
}

interface Stripper {
  push(chunk: Buffer, out: (part: Buffer) => void): void;
  end(out: (part: Buffer) => void): void;
}

function stripperFor(type: DocumentType): Stripper {
  if (type === 'image/jpeg') return new JpegMetadataStripper();
  if (type === 'image/png') return new PngMetadataStripper();
  if (type === 'image/heic') return new HeicMetadataStripper();
  return new PdfScriptScanner();
}

/** The transform every claim document passes through on its way to storage. */
export function checkedUpload(maxBytes = MAX_DOCUMENT_BYTES): CheckedUpload {
  let head = Buffer.alloc(0);
  let type: DocumentType | null = null;
  let stripper: Stripper | null = null;
  let received = 0;
  let stored = 0;
  const hash = createHash('sha256');
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      try {
        received += chunk.length;
        if (received > maxBytes) {
          throw tooLarge(maxBytes);
        }
        const out = (part: Buffer) => {
          stored += part.length;
          hash.update(part);
          this.push(part);
        };
        if (stripper === null) {
          head = Buffer.concat([head, chunk]);
          if (head.length < 12) {
            callback();
            return;
          }
          type = sniffType(head);
          if (type === null) throw notAccepted();
          stripper = stripperFor(type);
          chunk = head;
        }
        stripper.push(chunk, out);
        callback();
      } catch (error) {
        callback(asUploadError(error));
      }
    },
    flush(callback: TransformCallback) {
      try {
        if (received === 0) throw new AppError('file_empty', { message: 'The file is empty' });
        const out = (part: Buffer) => {
          stored += part.length;
          hash.update(part);
          this.push(part);
        };
        if (stripper === null) {
          type = sniffType(head);
          if (type === null) throw notAccepted();
          stripper = stripperFor(type);
          stripper.push(head, out);
        }
        stripper.end(out);
        callback();
      } catch (error) {
        callback(asUploadError(error));
      }
    },
  });
  return Object.assign(transform, {
    contentType: () => type,
    size: () => stored,
    sha256: () => hash.digest('hex'),
  });
}

/** 413 `payload_too_large`: the file is larger than a document may be. */
export function tooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', {
    message: `The file is larger than ${maxBytes / 1024 / 1024} MB`,
    details: { max_bytes: maxBytes },
  });
}

/**
 * A read past the end of a structure the file claims to have (a box or segment length that
 * lies) is a damaged file, refused as such, not a failure of the server.
 */
function asUploadError(error: unknown): Error {
  if (error instanceof RangeError) {
    return new AppError('file_type_not_accepted', {
      message: 'The file is damaged: a part of it is shorter than it says',
    });
  }
  return error as Error;
}

function notAccepted(): AppError {
  return new AppError('file_type_not_accepted', {
    message: 'The file is not a JPEG, PNG or HEIC image or a PDF (its content was checked)',
    details: { accepted: DOCUMENT_TYPES },
  });
}
