// What the owner is told of their claim (issue 40, decision 294): submission received, update
// requested, approved, declined, paid — by email, and by SMS when the account has a verified
// phone, in the language the owner last used on the claim (kept on the claim, set when it is
// created and submitted). The messages are queued through the outbox (decision 281) in the
// transaction of the action, so a move that rolls back tells nobody, and nothing is sent inside
// the request. A panel claim (a visit at the counter) tells nobody: the member was there.
import type { ClaimAction } from '@clinicpass/shared/platform/enums';
import { LANGUAGE_PREFIXES, type Language } from '@clinicpass/shared/i18n/languages';
import type { Database } from '../../db/client';
import * as repo from './claims.repository';

/** One message for the outbox: the shape of the identity module's delivery `send`. */
export interface ClaimMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  language: Language;
  link?: string;
}

/** Queues a message in `executor`'s transaction (the app's `delivery`). */
export interface MessageSender {
  send(message: ClaimMessage, executor: Database): Promise<void>;
}

/** What an action that tells the owner needs: the outbox, and where the portal is. */
export interface ClaimMessenger {
  sender: MessageSender;
  publicUrl: string;
}

export type ClaimNotice = 'received' | 'update-requested' | 'approved' | 'declined' | 'paid';

/** The actions that tell the owner, and what they tell. */
export const NOTICE_OF: Partial<Record<ClaimAction, ClaimNotice>> = {
  submit: 'received',
  'request-update': 'update-requested',
  approve: 'approved',
  'pre-approve': 'approved',
  decline: 'declined',
  settle: 'paid',
};

interface Facts {
  number: string;
  amount: string;
  note: string | null;
  account: string | null;
}

type Texts = Record<ClaimNotice, { subject: (f: Facts) => string; body: (f: Facts) => string }>;

const en: Texts = {
  received: {
    subject: (f) => `We received your claim ${f.number}`,
    body: (f) =>
      `We received your claim ${f.number} for ${f.amount}. We will tell you when it is reviewed.`,
  },
  'update-requested': {
    subject: (f) => `Your claim ${f.number} needs more information`,
    body: (f) =>
      `Please update your claim ${f.number}: ${f.note ?? 'see the request in the portal'}.`,
  },
  approved: {
    subject: (f) => `Your claim ${f.number} is approved`,
    body: (f) => `Your claim ${f.number} is approved for ${f.amount}.`,
  },
  declined: {
    subject: (f) => `Your claim ${f.number} is declined`,
    body: (f) => `Your claim ${f.number} is declined${f.note === null ? '.' : `: ${f.note}`}`,
  },
  paid: {
    subject: (f) => `Your claim ${f.number} is paid`,
    body: (f) =>
      `We paid ${f.amount} for your claim ${f.number}${f.account === null ? '' : ` to account ${f.account}`}.`,
  },
};

const zhHK: Texts = {
  received: {
    subject: (f) => `我們已收到你的索償 ${f.number}`,
    body: (f) => `我們已收到你的索償 ${f.number}，金額 ${f.amount}。審核後會再通知你。`,
  },
  'update-requested': {
    subject: (f) => `你的索償 ${f.number} 需要補充資料`,
    body: (f) => `請更新你的索償 ${f.number}：${f.note ?? '請到網上平台查看要求'}。`,
  },
  approved: {
    subject: (f) => `你的索償 ${f.number} 已獲批核`,
    body: (f) => `你的索償 ${f.number} 已獲批核，金額 ${f.amount}。`,
  },
  declined: {
    subject: (f) => `你的索償 ${f.number} 未獲批核`,
    body: (f) => `你的索償 ${f.number} 未獲批核${f.note === null ? '。' : `：${f.note}`}`,
  },
  paid: {
    subject: (f) => `你的索償 ${f.number} 已付款`,
    body: (f) =>
      `我們已就你的索償 ${f.number} 支付 ${f.amount}${f.account === null ? '' : `至戶口 ${f.account}`}。`,
  },
};

export const CLAIM_TEXTS: Record<Language, Texts> = { en, 'zh-HK': zhHK };

const money = (amount: number) =>
  `HK$${amount.toLocaleString('en-HK', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Queues what `action` on claim `claimId` tells its owner (nothing for most actions). */
export async function queueClaimNotice(
  db: Database,
  messenger: ClaimMessenger,
  claimId: number,
  action: ClaimAction,
  note: string | null,
): Promise<void> {
  const notice = NOTICE_OF[action];
  if (notice === undefined) return;
  const found = await repo.findNoticeFacts(db, claimId);
  if (found === null || found.type === 'panel') return;
  const language: Language = found.language === 'zh-HK' ? 'zh-HK' : 'en';
  const amount =
    notice === 'paid'
      ? found.amountPaid
      : notice === 'approved'
        ? (found.amountApproved ?? found.amountClaimed)
        : found.amountClaimed;
  const facts: Facts = {
    number: found.claimNumber,
    amount: money(amount),
    note,
    account:
      found.payoutAccountNumber === null ? null : `***-***-${found.payoutAccountNumber.slice(-4)}`,
  };
  const text = CLAIM_TEXTS[language][notice];
  const link = `${messenger.publicUrl.replace(/\/$/, '')}/portal/#/${LANGUAGE_PREFIXES[language]}/claims/history/${claimId}`;
  const subject = text.subject(facts);
  const body = text.body(facts);
  await messenger.sender.send(
    { channel: 'email', to: found.email, subject, body, language, link },
    db,
  );
  if (found.phoneNumber !== null && found.phoneVerified) {
    await messenger.sender.send(
      { channel: 'sms', to: found.phoneNumber, subject, body: `ClinicPass: ${body}`, language },
      db,
    );
  }
}
