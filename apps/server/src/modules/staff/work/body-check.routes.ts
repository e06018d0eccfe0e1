// Body-check centres (`admin`, decision 303): added, changed and withdrawn, each change audited
// with the centre's fields before and after; the member's body-check page reads the same rows.
// The booking line is the `body_check_booking_phone` setting (settings.routes.ts).
import { opsContract } from '@clinicpass/shared/contracts/ops';
import * as centres from '../../reference/body-check-centres.service';
import type { WorkKit } from './work-kit';

function centreOf(row: centres.BodyCheckCentreRow) {
  return {
    code: row.code,
    name_en: row.nameEn,
    name_zh: row.nameZh,
    address_en: row.addressEn,
    address_zh: row.addressZh,
    hours_en: row.hoursEn,
    hours_zh: row.hoursZh,
    sequence: row.sequence,
    is_active: row.isActive,
    update_date: row.updateDate.toISOString(),
  };
}

/** What the audit log keeps of a centre (no personal data in it). */
const centreFields = (row: centres.BodyCheckCentreRow) => {
  const { update_date: _updated, ...fields } = centreOf(row);
  return fields;
};

interface CentreBody {
  name_en?: string | undefined;
  name_zh?: string | undefined;
  address_en?: string | undefined;
  address_zh?: string | undefined;
  hours_en?: string | undefined;
  hours_zh?: string | undefined;
  sequence?: number | undefined;
  is_active?: boolean | undefined;
}

/** The body's fields in the table's names (each typed as the body has it). */
const columnsOf = <B extends CentreBody>(
  body: B,
): {
  nameEn: B['name_en'];
  nameZh: B['name_zh'];
  addressEn: B['address_en'];
  addressZh: B['address_zh'];
  hoursEn: B['hours_en'];
  hoursZh: B['hours_zh'];
  sequence: B['sequence'];
  isActive: B['is_active'];
} => ({
  nameEn: body.name_en,
  nameZh: body.name_zh,
  addressEn: body.address_en,
  addressZh: body.address_zh,
  hoursEn: body.hours_en,
  hoursZh: body.hours_zh,
  sequence: body.sequence,
  isActive: body.is_active,
});

type Columns = ReturnType<typeof columnsOf<CentreBody>>;

/** Only the fields a change gives. */
const givenColumns = (body: CentreBody) =>
  Object.fromEntries(
    Object.entries(columnsOf(body)).filter(([, value]) => value !== undefined),
  ) as { [K in keyof Columns]?: NonNullable<Columns[K]> };

export function bodyCheckRoutes({ db, route, audit, change }: WorkKit): void {
  route(opsContract.listBodyCheckCentres, async () => ({
    items: (await centres.listAllBodyCheckCentres(db)).map(centreOf),
  }));

  route(opsContract.addBodyCheckCentre, async (request) => {
    const body = request.body;
    const row = await centres.addBodyCheckCentre(
      db,
      { code: body.code, ...columnsOf(body) },
      request.now.instant,
    );
    await audit(request, {
      action: 'body-check-centre.create',
      targetKind: 'body-check-centre',
      targetId: row.code,
      after: centreFields(row),
    });
    return centreOf(row);
  });

  route(opsContract.updateBodyCheckCentre, async (request) => {
    const code = request.params.code;
    const row = await change(request, {
      read: (tx) => centres.bodyCheckCentreForChange(tx, code),
      apply: (tx) =>
        centres.editBodyCheckCentre(tx, code, givenColumns(request.body), request.now.instant),
      record: (before, after) => ({
        action:
          before.isActive && !after.isActive
            ? 'body-check-centre.withdraw'
            : 'body-check-centre.update',
        targetKind: 'body-check-centre',
        targetId: code,
        before: centreFields(before),
        after: centreFields(after),
      }),
    });
    return centreOf(row);
  });
}
