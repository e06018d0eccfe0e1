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
import type { Pagination } from '@clinicpass/shared/api-client/pagination';

export interface Answer {
  json: Buffer;
  pagination: Pagination;
}

interface Kept extends Answer {
  version: number;
  until: number;
}

/** Bytes of answers a process keeps (≈ 1,400 pages of 20 results). */
export const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;
/** An answer larger than this share of the budget is not kept (a `no_pagination` list). */
const LARGEST_SHARE = 64;
/** Addresses remembered as asked once (their answers not kept yet); forgotten all at once. */
export const ASKED_ONCE_ENTRIES = 8192;

export interface AnswerCache {
  /** The answer kept under `key` for snapshot `version`, if it may still be served. */
  get(key: string, version: number): Answer | undefined;
  /**
   * Keeps an answer computed from snapshot `version`, to be served until `until` (ms), if its
   * address was asked before (and its answer not kept then).
   */
  set(key: string, answer: Answer, version: number, until: number): void;
  readonly size: number;
  readonly bytes: number;
}

export function createAnswerCache(
  budget: number = ANSWER_CACHE_BYTES,
  now: () => number = Date.now,
): AnswerCache {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const kept = new Map<string, Kept>();
  const askedOnce = new Set<string>();
  let bytes = 0;

  function drop(key: string, entry: Kept) {
    kept.delete(key);
    bytes -= entry.json.length;
  }

  return {
    get(key, version) {
      const entry = kept.get(key);
      if (entry === undefined) return undefined;
      if (entry.version !== version || entry.until <= now()) {
        drop(key, entry);
        // Asked again after its time: keep the next answer at once.
        askedOnce.add(key);
        return undefined;
      }
      kept.delete(key);
      kept.set(key, entry);
      return entry;
    },
    set(key, answer, version, until) {
      if (answer.json.length > budget / LARGEST_SHARE || until <= now()) return;
      if (!kept.has(key) && !askedOnce.delete(key)) {
        if (askedOnce.size >= ASKED_ONCE_ENTRIES) askedOnce.clear();
        askedOnce.add(key);
        return;
      }
      const old = kept.get(key);
      if (old !== undefined) drop(key, old);
      kept.set(key, { json: answer.json, pagination: answer.pagination, version, until });
      bytes += answer.json.length;
      for (const [oldest, entry] of kept) {
        if (bytes <= budget) break;
        drop(oldest, entry);
      }
    },
    get size() {
      return kept.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
