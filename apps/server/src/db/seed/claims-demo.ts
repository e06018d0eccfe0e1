// The demo's claims (issue 40, decision 292): what the demo members used, as claims — paid
// reimbursements, each with its history and its payout — so the member card, the portal's
// balance and the clinic's quota all count the same. Plus a draft reimbursement of plain's with a
// receipt (a document kept in PostgreSQL), so every claim route has an object of another owner.
import { createHash } from 'node:crypto';
import {
  claim,
  claimAction,
  claimDocument,
  claimSettlement,
  storedObjectChunk,
} from '../claim-schema';
import type { Database } from '../client';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DemoUse {
  policyId: number;
  partyId: number;
  memberId: number | null;
  benefit: string;
  units: number;
  amount: number;
  incurredOn: string;
}

/** The moves of a reimbursement from filing to payment, in the order the history shows them. */
const PAID_PATH = [
  ['create', null, 'open', 'customer'],
  ['submit', 'open', 'approval-requested', 'customer'],
  ['approve', 'approval-requested', 'accepted', 'insurer'],
  ['request-payment', 'accepted', 'payment-requested', 'insurer'],
  ['confirm-payment', 'payment-requested', 'payment-approved', 'insurer'],
  ['settle', 'payment-approved', 'paid', 'insurer'],
] as const;

const DEMO_ACCOUNT = { bank: '004', number: '123456789012', holder: 'CHAN TAI MAN' };
const masked = (account: string) => `***-***-${account.slice(-4)}`;

const claimNumber = (id: number) => `CL${String(id).padStart(8, '0')}`;

async function nextClaimId(tx: Tx): Promise<number> {
  const result = await tx.execute<{ id: number }>(
    "SELECT nextval(pg_get_serial_sequence('claim', 'id'))::int AS id",
  );
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('no claim id');
  return id;
}

/** Seeds each use as a paid reimbursement claim (its service day at 10:00 Hong Kong time). */
export async function seedPaidClaims(
  tx: Tx,
  uses: readonly DemoUse[],
  ownerUserId: (policyId: number) => string,
) {
  for (const use of uses) {
    const at = new Date(`${use.incurredOn}T10:00:00+08:00`);
    const id = await nextClaimId(tx);
    await tx.insert(claim).values({
      id,
      claimNumber: claimNumber(id),
      policyId: use.policyId,
      insuredPartyId: use.partyId,
      memberId: use.memberId,
      type: 'reimbursement',
      cause: 'illness',
      status: 'paid',
      benefit: use.benefit,
      serviceDate: use.incurredOn,
      units: use.units,
      amountClaimed: use.amount,
      amountApproved: use.amount,
      amountPaid: use.amount,
      payoutBankCode: DEMO_ACCOUNT.bank,
      payoutAccountNumber: DEMO_ACCOUNT.number,
      payoutHolderName: DEMO_ACCOUNT.holder,
      submitDate: at,
      paidDate: at,
      createDate: at,
      updateDate: at,
    });
    await tx.insert(claimAction).values(
      PAID_PATH.map(([action, from, to, kind]) => ({
        claimId: id,
        action,
        fromStatus: from,
        toStatus: to,
        actorKind: kind,
        actorId: kind === 'customer' ? ownerUserId(use.policyId) : 'demo-claims-handler',
        actorRole: kind === 'insurer' ? 'claims' : null,
        createDate: at,
      })),
    );
    await tx.insert(claimSettlement).values({
      claimId: id,
      kind: 'claim-payout',
      amount: use.amount,
      payee: 'customer',
      accountMasked: masked(DEMO_ACCOUNT.number),
      settledOn: use.incurredOn,
      createDate: at,
    });
  }
}

/** A one-page PDF receipt (no script), the demo draft's document. */
const RECEIPT_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** A draft reimbursement with one receipt. */
export async function seedDraftClaim(
  tx: Tx,
  draft: {
    policyId: number;
    partyId: number;
    benefit: string;
    serviceDate: string;
    amount: number;
    at: Date;
  },
) {
  const id = await nextClaimId(tx);
  await tx.insert(claim).values({
    id,
    claimNumber: claimNumber(id),
    policyId: draft.policyId,
    insuredPartyId: draft.partyId,
    type: 'reimbursement',
    cause: 'illness',
    status: 'open',
    benefit: draft.benefit,
    serviceDate: draft.serviceDate,
    amountClaimed: draft.amount,
    createDate: draft.at,
    updateDate: draft.at,
  });
  await tx.insert(claimAction).values({
    claimId: id,
    action: 'create',
    toStatus: 'open',
    actorKind: 'customer',
    actorId: 'demo',
    createDate: draft.at,
  });
  const key = `claim/${id}/demo-receipt`;
  await tx.insert(storedObjectChunk).values({ objectKey: key, sequence: 0, data: RECEIPT_PDF });
  await tx.insert(claimDocument).values({
    claimId: id,
    kind: 'original-medical-receipt',
    fileName: 'receipt.pdf',
    contentType: 'application/pdf',
    size: RECEIPT_PDF.length,
    sha256: createHash('sha256').update(RECEIPT_PDF).digest('hex'),
    storage: 'postgres',
    storageKey: key,
    uploadedByKind: 'customer',
    createDate: draft.at,
  });
}
