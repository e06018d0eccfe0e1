// The finder's answer cache (decision 131): a guest's search answer, as written JSON, kept per
// process under the address it was asked at (path and query as sent) and the caller's language.
// The same address asked again — the next page's way back, the landing's common filters, many
// members asking the same thing — is answered without validating, searching or writing again.
//
// An answer is only ever served for the snapshot it was computed from (a rebuilt read model
// makes every kept answer stale at once) and only while the policy-access answer it relied on
// may be reused (decision 111): a lapsed policy reads cached answers no longer than it could
// read fresh ones. Signed-in customers are never served from it (their cards carry bookmarks);
// only successful answers are kept; the memory is bounded by bytes, least recently used first.
// An answer is kept the second time its address is asked, not the first: a question asked once
// (most made-up or one-off addresses) never takes memory that the collector must then reclaim.
// The addresses asked once are remembered as 30-bit hashes, not as strings: a string kept for a
// while outlives the young generation and is copied into the old one, which a stream of new
// questions then fills with dead addresses (a full collection every few seconds, the finder's
// p99). A hash that happens to match only keeps an answer at first sight.
//
// Every byte an answer keeps counts against the budget (decision 200): its key, its JSON, and
// the forms made from it while it is kept — its GraphQL body per query shape and each of their
// compressed forms (`forms`, used by plugins/compression.ts and plugins/graphql.ts). A form made
// for an answer the cache has dropped meanwhile is used once and not kept. A snapshot reload
// lets every kept answer go before it builds, and nothing is kept while it builds (decision 218):
// they could not be served after it, and sat beside two snapshots at the reload's peak.
import type { Pagination } from '@clinicpass/shared/api-client/pagination';
import { ownBytes } from '../../lib/byte-slab';
import type { KeptForms } from '../../plugins/compression';

export interface Answer {
  json: Buffer;
  pagination: Pagination;
}

/** A kept answer as served: its forms are kept (and counted) with it. */
export interface KeptAnswer extends Answer {
  forms: KeptForms;
}

interface Kept extends KeptAnswer {
  key: string;
  version: number;
  until: number;
  made: Map<string, Buffer> | undefined;
  /** Everything this entry keeps: its key's characters (2 bytes each at most), JSON and forms. */
  bytes: number;
}

/** Bytes of answers a process keeps, forms included (≈ 1,000 pages of 20 results). */
export const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;
/** An answer (or one of its forms) larger than this share of the budget is not kept. */
const LARGEST_SHARE = 64;
/** Addresses remembered as asked once (not kept yet), as hashes; forgotten all at once. */
export const ASKED_ONCE_MAX = 65_536;

export interface AnswerCache {
  /** The answer kept under `key` for snapshot `version`, if it may still be served. */
  get(key: string, version: number): KeptAnswer | undefined;
  /**
   * Keeps an answer computed from snapshot `version`, to be served until `until` (ms), if its
   * address was asked before (and its answer not kept then). Its `json` is read only then.
   */
  set(key: string, answer: Answer, version: number, until: number): void;
  /** Lets every kept answer go (and the addresses asked once): a reload makes them all stale. */
  clear(): void;
  readonly size: number;
  /** Bytes kept: every entry's key, JSON and forms. */
  readonly bytes: number;
}

/**
 * An address's 30-bit FNV-1a hash: a small integer, which a `Set` holds in its own table rather
 * than as an object of its own.
 */
export function addressHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
  }
  return hash & 0x3fffffff;
}

/** What an entry's key costs: V8 keeps a string's characters in one or two bytes each. */
function keyBytes(key: string): number {
  return 2 * key.length;
}

export function createAnswerCache(
  budget: number = ANSWER_CACHE_BYTES,
  now: () => number = Date.now,
): AnswerCache {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const kept = new Map<string, Kept>();
  const askedOnce = new Set<number>();
  let bytes = 0;
  const largest = budget / LARGEST_SHARE;

  function drop(key: string, entry: Kept) {
    kept.delete(key);
    bytes -= entry.bytes;
    // A form made for it after this is used once, not kept.
    entry.made = undefined;
  }

  /** Remembers an address, by its hash, as asked once (all forgotten when there are too many). */
  function rememberAsked(hash: number) {
    if (askedOnce.size >= ASKED_ONCE_MAX) askedOnce.clear();
    askedOnce.add(hash);
  }

  /** Drops the least recently used entries until the kept bytes fit the budget. */
  function fit() {
    for (const [oldest, entry] of kept) {
      if (bytes <= budget) break;
      drop(oldest, entry);
    }
  }

  function entryOf(key: string, answer: Answer, version: number, until: number): Kept {
    const entry: Kept = {
      key,
      // Its own bytes, not a view keeping a slab alive (lib/byte-slab.ts).
      json: ownBytes(answer.json),
      pagination: answer.pagination,
      version,
      until,
      made: new Map(),
      bytes: keyBytes(key) + answer.json.length,
      forms: {
        form(name, make) {
          const made = entry.made;
          const found = made?.get(name);
          if (found !== undefined) return found;
          const fresh = make();
          // Kept only while the entry is (dropped entries have no `made`), and not too large.
          if (made === undefined || kept.get(entry.key) !== entry || fresh.length > largest) {
            return fresh;
          }
          // Its own bytes, not a view keeping a slab alive (lib/byte-slab.ts).
          const form = ownBytes(fresh);
          made.set(name, form);
          const cost = keyBytes(name) + form.length;
          entry.bytes += cost;
          bytes += cost;
          fit();
          return form;
        },
      },
    };
    return entry;
  }

  return {
    get(key, version) {
      const entry = kept.get(key);
      if (entry === undefined) return undefined;
      if (entry.version !== version || entry.until <= now()) {
        drop(key, entry);
        // Asked again after its time: keep the next answer at once.
        rememberAsked(addressHash(key));
        return undefined;
      }
      kept.delete(key);
      kept.set(key, entry);
      return entry;
    },
    set(key, answer, version, until) {
      if (until <= now()) return;
      if (!kept.has(key)) {
        // Hashed once: forgotten if it was asked before (then kept below), else remembered.
        const hash = addressHash(key);
        if (!askedOnce.delete(hash)) {
          rememberAsked(hash);
          return;
        }
      }
      // Read only now: an answer written in parts is joined only when it is kept.
      if (answer.json.length > largest) return;
      const old = kept.get(key);
      if (old !== undefined) drop(key, old);
      const entry = entryOf(key, answer, version, until);
      kept.set(key, entry);
      bytes += entry.bytes;
      fit();
    },
    clear() {
      for (const [key, entry] of kept) drop(key, entry);
      askedOnce.clear();
    },
    get size() {
      return kept.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
