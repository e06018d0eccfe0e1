// The card kept on this device (issue 16, decision 156). Only with the member's opt-in ("Keep
// this card on this device"), the page keeps in IndexedDB the tickets as shown: membership
// number, the names shown, each ticket's number and QR payload, its dates, and when it was kept.
// Never the HKID or the phone (the look-up's answer carries neither). One card per device:
// keeping another replaces it. The service worker never sees it (it caches no API answer).
import { TicketSchema, type Ticket } from '@clinicpass/shared/schemas/outpatient';
import { z } from 'zod';

import { forgetMemberOnDevice } from './member-on-device';

const DB_NAME = 'clinicpass-kept-card';
const DB_VERSION = 1;
const STORE = 'cards';
const KEY = 'card';
/** The format written now; any other (an older app's, or a damaged record) is dropped. */
export const KEPT_CARD_FORMAT = 1;

/** What is kept of a ticket: a pick drops any other field of the answer. */
const KeptTicketFields = TicketSchema.pick({
  type: true,
  token: true,
  number: true,
  effective_date: true,
  expiry_date: true,
  enabled: true,
  name_en: true,
  name_zh: true,
  service_types: true,
  policy_number: true,
  membership_number: true,
  holder_name_en: true,
  holder_name_zh: true,
  token_expires_at: true,
});
const KeptTicketSchema = KeptTicketFields.strict();

export const KeptCardSchema = z
  .object({
    format: z.literal(KEPT_CARD_FORMAT),
    /** When the tickets were shown online (ISO instant). */
    as_of: z.iso.datetime(),
    /** The signed-in user who kept it, if any (sign-out forgets every kept card anyway). */
    owner_user_id: z.string().nullable(),
    membership_number: z.string().min(1),
    name_en: z.string(),
    name_zh: z.string(),
    tickets: z.array(KeptTicketSchema).min(1),
  })
  .strict();
export type KeptCard = z.infer<typeof KeptCardSchema>;

export type KeptCardRead =
  | { status: 'none' }
  | { status: 'card'; card: KeptCard }
  /** A record was there but unreadable, of an old format, or past its tokens' life: removed. */
  | { status: 'dropped'; reason: 'unreadable' | 'expired' };

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => {
      resolve(req.result);
    };
    req.onerror = () => {
      reject(req.error ?? new Error('IndexedDB request failed'));
    };
  });
}

function openDatabase(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('no IndexedDB'));
  const open = indexedDB.open(DB_NAME, DB_VERSION);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE);
  };
  return request(open);
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDatabase();
  try {
    const tx = db.transaction(STORE, mode);
    const result = await request(run(tx.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => {
        resolve();
      };
      tx.onerror = () => {
        reject(tx.error ?? new Error('IndexedDB transaction failed'));
      };
      tx.onabort = () => {
        reject(tx.error ?? new Error('IndexedDB transaction aborted'));
      };
    });
    return result;
  } finally {
    db.close();
  }
}

/** The kept card, if any; an unreadable, old-format or expired record is removed. */
export async function readKeptCard(now: Date = new Date()): Promise<KeptCardRead> {
  let raw: unknown;
  try {
    raw = await withStore('readonly', (store) => store.get(KEY));
  } catch {
    // Storage denied or broken: as if nothing were kept.
    return { status: 'none' };
  }
  if (raw === undefined) return { status: 'none' };
  const parsed = KeptCardSchema.safeParse(raw);
  if (!parsed.success) {
    await forgetKeptCards();
    return { status: 'dropped', reason: 'unreadable' };
  }
  const lastToken = Math.max(...parsed.data.tickets.map((t) => Date.parse(t.token_expires_at)));
  if (!(lastToken > now.getTime())) {
    await forgetKeptCards();
    return { status: 'dropped', reason: 'expired' };
  }
  return { status: 'card', card: parsed.data };
}

/**
 * Whether anything at all is kept on this device, read or not (the member pages decide with it,
 * before loading their code, whether a visit without a view token goes to the form). Storage
 * denied or broken: false.
 */
export async function hasKeptRecord(): Promise<boolean> {
  try {
    return (await withStore('readonly', (store) => store.count(KEY))) > 0;
  } catch {
    return false;
  }
}

/** The card as shown, ready to keep: only the fields the offline page shows. */
export function keptCardOf(
  member: { membership_number: string; name_en: string; name_zh: string },
  tickets: Ticket[],
  ownerUserId: string | null,
  asOf: Date = new Date(),
): KeptCard {
  return {
    format: KEPT_CARD_FORMAT,
    as_of: asOf.toISOString(),
    owner_user_id: ownerUserId,
    membership_number: member.membership_number,
    name_en: member.name_en,
    name_zh: member.name_zh,
    tickets: tickets.map((ticket) => KeptTicketFields.parse(ticket)),
  };
}

/** Keeps the card; throws when storage is full or denied (the caller says so, nothing else). */
export async function keepCard(card: KeptCard): Promise<void> {
  await withStore('readwrite', (store) => store.put(KeptCardSchema.parse(card), KEY));
}

/**
 * "Forget this card on this device", and sign-out: removes every kept card, and the cookie that
 * tells the server this device holds a member (decision 232).
 */
export async function forgetKeptCards(): Promise<void> {
  forgetMemberOnDevice();
  try {
    await withStore('readwrite', (store) => store.clear());
  } catch {
    // Nothing could be kept either.
  }
}

/** Today in Hong Kong (YYYY-MM-DD): a kept ticket turns enabled on its effective date. */
export function hongKongToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(now);
}
