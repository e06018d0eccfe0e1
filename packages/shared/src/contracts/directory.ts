// Route table: a member's report of wrong details on a finder card (issue 19). Anyone may report;
// a guest solves the captcha first (`X-Captcha`), a signed-in customer does not.
import {
  DirectoryReportBodySchema,
  DirectoryReportReceiptSchema,
} from '../schemas/directory-report';
import { ServicePointIdParamsSchema } from '../schemas/finder';
import { CAPTCHA_ERRORS } from './common';
import { defineRoute } from './route';

export const directoryContract = {
  reportServicePoint: defineRoute({
    method: 'POST',
    area: 'customer',
    path: '/service-point/:id/report',
    params: ServicePointIdParamsSchema,
    body: DirectoryReportBodySchema,
    responses: { 201: DirectoryReportReceiptSchema },
    errors: ['validation_error', 'not_found', 'limit_exceeded', ...CAPTCHA_ERRORS],
    auth: 'optional',
    tags: ['finder'],
    summary: 'Report wrong details on a service point (a guest solves the captcha first)',
    description:
      '`kind`: wrong_phone, moved_or_closed, price_differs, doctor_left or other; `note` at most 500 characters. Limited per client address.',
  }),
} as const;
