// A member's report of wrong details on a finder card (issue 19): what was wrong, and an optional
// note. Nothing personal is asked; the note is the only free text.
import { z } from 'zod';

/** What a report says was wrong, in the form's order. */
export const REPORT_KINDS = [
  'wrong_phone',
  'moved_or_closed',
  'price_differs',
  'doctor_left',
  'other',
] as const;
export const ReportKindSchema = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof ReportKindSchema>;

/** The longest note a report takes. */
export const REPORT_NOTE_MAX = 500;

export const DirectoryReportBodySchema = z.object({
  kind: ReportKindSchema,
  note: z
    .string()
    .max(REPORT_NOTE_MAX, `must be at most ${REPORT_NOTE_MAX} characters`)
    .optional()
    .transform((value) => {
      const trimmed = value?.trim();
      return trimmed === undefined || trimmed === '' ? undefined : trimmed;
    }),
});
export type DirectoryReportBody = z.input<typeof DirectoryReportBodySchema>;

export const DirectoryReportReceiptSchema = z.object({
  service_point_id: z.number().int(),
  received: z.literal(true),
});
export type DirectoryReportReceipt = z.infer<typeof DirectoryReportReceiptSchema>;
