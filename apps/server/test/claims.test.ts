// Claims (issue 40, decisions 290–293): the owner's actions over HTTP, the insurer's as service
// calls, the one table of moves as a property (random action sequences never leave it and every
// refused action answers 409 with its code), another owner's claim and document answering as an
// unknown one, documents checked by content, and one count of use.
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import {
  CLAIM_TRANSITIONS,
  claimMove,
  CUSTOMER_CLAIM_ACTIONS,
  INSURER_CLAIM_ACTIONS,
} from '@clinicpass/shared/platform/claim-transitions';
import {
  CLAIM_STATUSES,
  type ClaimAction,
  type ClaimStatus,
} from '@clinicpass/shared/platform/enums';
import type { Claim } from '@clinicpass/shared/platform/entities/claim';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { addDays, hkToday, fixedClock } from '@clinicpass/shared/time/clock';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insurerAction } from '../src/modules/claims';
import { buildPolicyTestApp, OWNER, PLAIN, type PolicyTestApp } from './policy-support';

const NOW = new Date();
const TODAY = hkToday(fixedClock(NOW));
const BASE = '/api/customer';
const HANDLER = { kind: 'insurer', staffId: 'staff-1', role: 'claims' } as const;

let t: PolicyTestApp;
let ownerPolicy: number;
let ownerLife: number;
let plainClaim: number;
let plainDocument: number;

async function one<Row>(query: ReturnType<typeof sql>): Promise<Row> {
  const result = await t.database.db.execute(query);
  return result.rows[0] as Row;
}

beforeAll(async () => {
  t = await buildPolicyTestApp({ now: NOW });
  const owner = await t.userId(OWNER);
  const plain = await t.userId(PLAIN);
  ({ id: ownerPolicy } = await one<{ id: number }>(
    sql`SELECT id FROM policy WHERE policy_number = 'OP1000001' AND owner_user_id = ${owner}`,
  ));
  ({ id: ownerLife } = await one<{ id: number }>(
    sql`SELECT id FROM policy_party WHERE policy_id = ${ownerPolicy} AND role = 'insured-life'`,
  ));
  ({ id: plainClaim } = await one<{ id: number }>(
    sql`SELECT c.id FROM claim c JOIN policy p ON p.id = c.policy_id WHERE p.owner_user_id = ${plain} AND c.status = 'open'`,
  ));
  ({ id: plainDocument } = await one<{ id: number }>(
    sql`SELECT id FROM claim_document WHERE claim_id = ${plainClaim}`,
  ));
});
afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST', url: string, payload?: unknown, user = OWNER) {
  return t.app.inject({
    method,
    url: `${BASE}${url}`,
    headers: { 'x-test-user': user },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const DRAFT = () => ({
  type: 'reimbursement',
  policy_id: ownerPolicy,
  cause: 'illness',
  insured_life_id: ownerLife,
  benefit: 'specialist',
  service_date: addDays(TODAY, -2),
  amount_claimed: 480,
  payout_account: { bank_code: '004', account_number: '123456789012', holder_name: 'CHAN TAI MAN' },
});

async function createDraft(): Promise<Claim> {
  const res = await call('POST', '/claim', DRAFT());
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Claim>();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A one-pixel PNG with an eXIf chunk (where a phone writes the location). */
function pngWithExif(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])),
    chunk('eXIf', Buffer.from('MM\u0000*GPSLatitude22.3N', 'latin1')),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0, 0, 0, 2, 0, 1])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose image data chunk is 30 MB. */
function hugePng(): Buffer {
  const idat = Buffer.alloc(8);
  idat.writeUInt32BE(30 * 1024 * 1024);
  idat.write('IDAT', 4, 'latin1');
  return Buffer.concat([pngWithExif().subarray(0, 33), idat, Buffer.alloc(30 * 1024 * 1024)]);
}

/** A HEIC whose item location box stops short of what it says it holds (a damaged file). */
function damagedHeic(): Buffer {
  const box = (type: string, ...body: Buffer[]) => {
    const data = Buffer.concat(body);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(8 + data.length);
    return Buffer.concat([size, Buffer.from(type, 'latin1'), data]);
  };
  const full = (version: number) => Buffer.from([version, 0, 0, 0]);
  // infe v2: item 1 of type Exif, so the locations are read; iloc then ends after its header.
  const infe = box('infe', full(2), Buffer.from([0, 1, 0, 0]), Buffer.from('Exif\u0000', 'latin1'));
  const iinf = box('iinf', full(0), Buffer.from([0, 1]), infe);
  const meta = box('meta', full(0), iinf, box('iloc', full(0)));
  return Buffer.concat([box('ftyp', Buffer.from('heic\u0000\u0000\u0000\u0000', 'latin1')), meta]);
}

/** A JPEG with an APP1 EXIF segment before its scan. */
function jpegWithExif(): Buffer {
  const exif = Buffer.from('Exif\u0000\u0000GPS 22.3N 114.1E', 'latin1');
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, exif.length + 2]), exif]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    app1,
    Buffer.from([0xff, 0xdb, 0, 4, 0, 0]),
    // SOF0: 8 bits, 1×1, one component.
    Buffer.from([0xff, 0xc0, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0]),
    Buffer.from([0xff, 0xda, 0, 2, 1, 2, 3, 0xff, 0xd9]),
  ]);
}

function upload(
  claimId: number,
  body: Buffer,
  type: string,
  fileName: string,
  user = OWNER,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/claim/${claimId}/document?kind=original-medical-receipt&file_name=${fileName}`,
    headers: { 'x-test-user': user, 'content-type': type, ...headers },
    payload: body,
  });
}

describe('the claim case', () => {
  it('creates a draft, takes a receipt, submits, and the insurer approves and settles it', async () => {
    const draft = await createDraft();
    expect(draft).toMatchObject({ status: 'open', type: 'reimbursement', amount_paid: 0 });
    expect(draft.customer_actions).toEqual(expect.arrayContaining(['update', 'submit', 'cancel']));
    // No receipt yet: 409 with its code.
    const early = await call('POST', `/claim/${draft.id}/submit`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json<{ code: string }>().code).toBe('claim_documents_missing');
    expect((await upload(draft.id, pngWithExif(), 'image/png', 'receipt.png')).statusCode).toBe(
      200,
    );
    const submitted = await call('POST', `/claim/${draft.id}/submit`, {});
    expect(submitted.json<Claim>().status).toBe('approval-requested');

    const db = t.database.db;
    const now = { today: TODAY, instant: NOW };
    await db.transaction((tx) => insurerAction(tx, HANDLER, now, draft.id, 'self-assign'));
    await db.transaction((tx) =>
      insurerAction(tx, HANDLER, now, draft.id, 'request-update', {
        note: 'Please add the referral letter',
      }),
    );
    const asked = (await call('GET', `/claim/${draft.id}`)).json<Claim>();
    expect(asked).toMatchObject({
      status: 'update-requested',
      request_note: 'Please add the referral letter',
    });
    const answered = await call('POST', `/claim/${draft.id}/update`, { note: 'Added' });
    expect(answered.json<Claim>().status).toBe('updated');
    for (const [action, input] of [
      ['approve', { amount: 400 }],
      ['request-payment', {}],
      ['confirm-payment', {}],
      ['settle', {}],
    ] as const) {
      await db.transaction((tx) => insurerAction(tx, HANDLER, now, draft.id, action, input));
    }
    const paid = (await call('GET', `/claim/${draft.id}`)).json<Claim>();
    expect(paid).toMatchObject({ status: 'paid', amount_approved: 400, amount_paid: 400 });
    expect(paid.settlements).toEqual([
      expect.objectContaining({
        kind: 'claim-payout',
        amount: 400,
        payee: 'customer',
        account_masked: '***-***-9012',
      }),
    ]);
    expect(paid.history.map((h) => h.action)).toEqual([
      'create',
      'submit',
      'self-assign',
      'request-update',
      'update',
      'approve',
      'request-payment',
      'confirm-payment',
      'settle',
    ]);
    expect(paid.history[2]).toMatchObject({ actor_kind: 'insurer', actor: 'claims' });
    expect(JSON.stringify(paid)).not.toContain('123456789012');
  });

  it('refuses a staff role other than claims', async () => {
    const draft = await createDraft();
    await expect(
      t.database.db.transaction((tx) =>
        insurerAction(
          tx,
          { kind: 'insurer', staffId: 's', role: 'content' },
          { today: TODAY, instant: NOW },
          draft.id,
          'decline',
          { note: 'x' },
        ),
      ),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('answers another owner\u2019s claim and document as unknown ones', async () => {
    for (const [method, url] of [
      ['GET', `/claim/${plainClaim}`],
      ['POST', `/claim/${plainClaim}/submit`],
      ['POST', `/claim/${plainClaim}/update`],
      ['POST', `/claim/${plainClaim}/cancel`],
      ['POST', `/claim/${plainClaim}/withdraw`],
      ['GET', `/claim-document/${plainDocument}`],
      ['GET', `/claim/999999`],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ code: string }>().code).toBe('not_found');
    }
    const res = await upload(plainClaim, pngWithExif(), 'image/png', 'x.png');
    expect(res.statusCode).toBe(404);
    // Plain reads their own.
    expect(
      (await call('GET', `/claim-document/${plainDocument}`, undefined, PLAIN)).statusCode,
    ).toBe(200);
  });
});

describe('the claim state machine (property)', () => {
  const actions = [
    ...CUSTOMER_CLAIM_ACTIONS.filter((a) => a !== 'create'),
    ...INSURER_CLAIM_ACTIONS,
  ];

  it('never leaves the table, and every refused action answers 409 invalid_state_transition', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...actions), { minLength: 1, maxLength: 12 }),
        async (sequence) => {
          const draft = await createDraft();
          // A receipt, so a submit is refused only by the table.
          expect((await upload(draft.id, jpegWithExif(), 'image/jpeg', 'r.jpg')).statusCode).toBe(
            200,
          );
          let status: ClaimStatus = 'open';
          for (const action of sequence as ClaimAction[]) {
            const expected = claimMove(action, status);
            let code: string | null = null;
            let next: ClaimStatus | null = null;
            if ((CUSTOMER_CLAIM_ACTIONS as readonly string[]).includes(action)) {
              const body = action === 'update' ? { note: 'More' } : {};
              const res = await call('POST', `/claim/${draft.id}/${action}`, body);
              if (res.statusCode === 200) next = res.json<Claim>().status;
              else {
                expect(res.statusCode).toBe(409);
                code = res.json<{ code: string }>().code;
              }
            } else {
              const input = { note: 'Because', assigneeStaffId: 'staff-2' };
              try {
                const claim = await t.database.db.transaction((tx) =>
                  insurerAction(
                    tx,
                    HANDLER,
                    { today: TODAY, instant: NOW },
                    draft.id,
                    action as never,
                    input,
                  ),
                );
                next = claim.status;
              } catch (error) {
                expect(error).toBeInstanceOf(AppError);
                expect((error as AppError).status).toBe(409);
                code = (error as AppError).code;
              }
            }
            const preApprove = action === 'pre-approve';
            if (expected === undefined || preApprove) {
              expect(code, `${action} from ${status}`).toBe('invalid_state_transition');
            } else {
              expect(next, `${action} from ${status}`).toBe(expected);
              status = expected;
            }
            expect(CLAIM_STATUSES).toContain(status);
            const stored = await one<{ status: string }>(
              sql`SELECT status FROM claim WHERE id = ${draft.id}`,
            );
            expect(stored.status).toBe(status);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('names a target status of the spec for every move of the table', () => {
    for (const transition of Object.values(CLAIM_TRANSITIONS)) {
      for (const move of transition.moves) {
        if (move.to !== null) expect(CLAIM_STATUSES).toContain(move.to);
      }
    }
  });
});

describe('claim documents', () => {
  it('strips EXIF from a photo, serves it private and no-store', async () => {
    const draft = await createDraft();
    const res = await upload(draft.id, jpegWithExif(), 'image/jpeg', 'receipt.jpg');
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json<{ url: string; content_type: string }>();
    expect(doc.content_type).toBe('image/jpeg');
    const back = await t.app.inject({
      method: 'GET',
      url: doc.url,
      headers: { 'x-test-user': OWNER },
    });
    expect(back.statusCode).toBe(200);
    expect(back.headers['cache-control']).toBe('private, no-store');
    expect(back.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    expect(back.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const png = await upload(draft.id, pngWithExif(), 'image/png', 'receipt.png');
    const pngBack = await t.app.inject({
      method: 'GET',
      url: png.json<{ url: string }>().url,
      headers: { 'x-test-user': OWNER },
    });
    expect(pngBack.rawPayload.includes(Buffer.from('GPSLatitude'))).toBe(false);
    expect(pngBack.rawPayload.includes(Buffer.from('IDAT'))).toBe(true);
    // What follows IEND (a second file hidden behind the image) is not stored.
    const trailing = await upload(
      draft.id,
      Buffer.concat([pngWithExif(), Buffer.from('<script>alert(1)</script>')]),
      'image/png',
      'trailing.png',
    );
    expect(trailing.statusCode, trailing.body).toBe(200);
    const trailingBack = await t.app.inject({
      method: 'GET',
      url: trailing.json<{ url: string }>().url,
      headers: { 'x-test-user': OWNER },
    });
    expect(trailingBack.rawPayload.includes(Buffer.from('script'))).toBe(false);
    expect(trailingBack.rawPayload.subarray(-8, -4).toString('latin1')).toBe('IEND');
  });

  it('answers a retried upload under its Idempotency-Key with the first document, not a second', async () => {
    const draft = await createDraft();
    const key = { 'idempotency-key': `upload-${draft.id}` };
    const first = await upload(draft.id, pngWithExif(), 'image/png', 'receipt.png', OWNER, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload(draft.id, pngWithExif(), 'image/png', 'receipt.png', OWNER, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);
    const rows = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM claim_document WHERE claim_id = ${draft.id}`,
    );
    expect(rows.n).toBe(1);
    const other = await upload(draft.id, pngWithExif(), 'image/png', 'other.png', OWNER, key);
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json<{ code: string }>().code).toBe('idempotency_key_reused');
  });

  it('refuses bad input with a code', async () => {
    const draft = await createDraft();
    const script = Buffer.from(
      '%PDF-1.4\n1 0 obj<</OpenAction<</S/J#61vaScript/JS(app.alert(1))>>>>endobj\n%%EOF',
      'latin1',
    );
    const hidden = Buffer.concat([
      Buffer.from('%PDF-1.5\n4 0 obj<</Type/ObjStm/Filter/FlateDecode>>stream\n', 'latin1'),
      deflateSync(Buffer.from('<</S/JavaScript/JS(app.alert(1))>>', 'latin1')),
      Buffer.from('\nendstream endobj\n%%EOF', 'latin1'),
    ]);
    // An object stream kept plain (no filter) with a script action among its objects.
    const plainObjects = Buffer.from(
      '%PDF-1.5\n4 0 obj<</Type/ObjStm/N 1/First 4>>stream\n5 0 <</S/JavaScript/JS(app.alert(1))>>\nendstream endobj\n%%EOF',
      'latin1',
    );
    // An object stream in a filter the scan cannot read, its type written plainly or escaped.
    const hexObjects = Buffer.from(
      `%PDF-1.5\n4 0 obj<</Type/ObjStm/Filter/ASCIIHexDecode>>stream\n${Buffer.from('<</S/JavaScript>>').toString('hex')}>\nendstream endobj\n%%EOF`,
      'latin1',
    );
    const escapedObjects = Buffer.from(
      `%PDF-1.5\n4 0 obj<</Type/Obj#53tm/Filter/AHx>>stream\n${Buffer.from('<</S/JavaScript>>').toString('hex')}>\nendstream endobj\n%%EOF`,
      'latin1',
    );
    const chunksBefore = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM stored_object_chunk`,
    );
    const cases: [Buffer, string, string, number, string][] = [
      [
        Buffer.from('just some text, not a photo'),
        'image/jpeg',
        'receipt.jpg',
        400,
        'file_type_not_accepted',
      ],
      [Buffer.alloc(0), 'application/pdf', 'empty.pdf', 400, 'file_empty'],
      [script, 'application/pdf', 'script.pdf', 400, 'file_has_script'],
      [hidden, 'application/pdf', 'hidden.pdf', 400, 'file_has_script'],
      [
        Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(30 * 1024 * 1024, 0x20)]),
        'application/pdf',
        'big.pdf',
        413,
        'payload_too_large',
      ],
      [Buffer.from('{}'), 'application/json', 'x.pdf', 415, 'unsupported_media_type'],
      [Buffer.from('<p>hi</p>'), 'text/html', 'receipt.png', 415, 'unsupported_media_type'],
      // Right names and declared types, wrong content.
      [
        Buffer.from('<html><script>alert(1)</script></html>'),
        'image/png',
        'receipt.png',
        400,
        'file_type_not_accepted',
      ],
      [
        Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(64)]),
        'image/png',
        'scan.png',
        400,
        'file_type_not_accepted',
      ],
      [Buffer.from('hi'), 'image/png', 'tiny.png', 400, 'file_type_not_accepted'],
      [
        Buffer.concat([PNG_SIGNATURE, Buffer.from('<html><script>alert(1)</script></html>')]),
        'image/png',
        'polyglot.png',
        400,
        'file_type_not_accepted',
      ],
      [
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<html>alert(1)</html>')]),
        'image/jpeg',
        'polyglot.jpg',
        400,
        'file_type_not_accepted',
      ],
      [damagedHeic(), 'image/heic', 'damaged.heic', 400, 'file_type_not_accepted'],
      [Buffer.alloc(0), 'image/png', 'empty.png', 400, 'file_empty'],
      [hugePng(), 'image/png', 'huge.png', 413, 'payload_too_large'],
      [plainObjects, 'application/pdf', 'plain-objects.pdf', 400, 'file_has_script'],
      [hexObjects, 'application/pdf', 'hex-objects.pdf', 400, 'file_type_not_accepted'],
      [escapedObjects, 'application/pdf', 'escaped.pdf', 400, 'file_type_not_accepted'],
    ];
    for (const [body, type, name, status, code] of cases) {
      const res = await upload(draft.id, body, type, name);
      // Soft: every case that fails is reported, not only the first.
      expect.soft(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect.soft(res.json<{ code?: string }>().code, name).toBe(code);
    }
    const stored = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM claim_document WHERE claim_id = ${draft.id}`,
    );
    expect(stored.n).toBe(0);
    // Nothing of a refused file is left in storage (the chunks roll back with the request).
    const chunksAfter = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM stored_object_chunk`,
    );
    expect(chunksAfter.n).toBe(chunksBefore.n);
  });
});

describe('a 30 MB upload', () => {
  it('sent without a length, stops at 10 MB with 413 and stores nothing', async () => {
    const draft = await createDraft();
    const body = hugePng();
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/claim/${draft.id}/document?kind=original-medical-receipt&file_name=huge.png`,
      headers: { 'x-test-user': OWNER, 'content-type': 'image/png' },
      // A stream: no Content-Length, so only the check on the way to storage can stop it.
      payload: Readable.from(
        (function* () {
          for (let at = 0; at < body.length; at += 64 * 1024)
            yield body.subarray(at, at + 64 * 1024);
        })(),
      ),
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json<{ code: string; details: { max_bytes: number } }>()).toMatchObject({
      code: 'payload_too_large',
      details: { max_bytes: 10 * 1024 * 1024 },
    });
    const stored = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM claim_document WHERE claim_id = ${draft.id}`,
    );
    expect(stored.n).toBe(0);
  });

  it('over HTTP, is answered 413 with its code before its body is read', async () => {
    const draft = await createDraft();
    // Listening on loopback until afterAll's close.
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(
      `${address}${BASE}/claim/${draft.id}/document?kind=original-medical-receipt&file_name=huge.png`,
      {
        method: 'POST',
        headers: { 'x-test-user': OWNER, 'content-type': 'image/png' },
        body: new Uint8Array(hugePng()),
      },
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('payload_too_large');
  });
});

describe('one count of use', () => {
  it('the portal balance counts the claims the card counts', async () => {
    const balance = await call('GET', `/policy/${ownerPolicy}/claim-balance`);
    const gp = balance
      .json<{ balance_items: { benefit: string; used: number }[] }>()
      .balance_items.find((item) => item.benefit === 'general-practitioner');
    const { memberUnits } = await import('../src/modules/claims');
    const { id: memberId } = await one<{ id: number }>(
      sql`SELECT id FROM member WHERE policy_id = ${ownerPolicy}`,
    );
    const { last } = await one<{ last: string }>(
      sql`SELECT max(service_date)::text AS last FROM claim WHERE policy_id = ${ownerPolicy}`,
    );
    expect(last <= TODAY).toBe(true);
    const since = balance.json<{ last_anniversary: string }>().last_anniversary;
    const card = await memberUnits(t.database.db, memberId, 'general-practitioner', since, TODAY);
    expect(gp?.used).toBe(3);
    expect(card).toBe(3);
  });
});
