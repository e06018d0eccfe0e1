// The documents the server generates (issue 20, decision 197): where each is served and how an
// invoice is numbered. The API answers name these paths (never another host); the web links to
// them with the page's language, and the server renders the PDF from the data on each request.
import { z } from 'zod';
import { API_AREAS } from '../api-client/client';
import { SUPPORTED_LOCALES } from './constants';

/** The language a document is printed in: `?language=en` or `?language=zh-hk`. */
export const DocumentLanguageSchema = z.enum(SUPPORTED_LOCALES);
export type DocumentLanguage = z.infer<typeof DocumentLanguageSchema>;

/** The query every document route takes: the language, else the caller's Accept-Language. */
export const DocumentQuerySchema = z.object({ language: DocumentLanguageSchema.optional() });

/** Where product literature (plan details, provisions, scheme rules…) is served from. */
export const LIBRARY_PATH = `${API_AREAS.customer}/library`;

/** The number printed on an invoice and its PDF: `INV-` and the id in eight digits. */
export function invoiceNumber(id: number): string {
  return `INV-${String(id).padStart(8, '0')}`;
}

const customer = API_AREAS.customer;

export const documentPaths = {
  invoice: (id: number) => `${customer}/invoice/${id}/document`,
  taxReport: (id: number) => `${customer}/tax-report/${id}/document`,
  renewal: (id: number) => `${customer}/policy-renewal/${id}/document`,
  policySchedule: (policyId: number) => `${customer}/policy/${policyId}/schedule-document`,
  /** A document a claim's owner uploaded (served to the owner only, private, no-store). */
  claimDocument: (id: number) => `${customer}/claim-document/${id}`,
  /** A file of the library: `library('outpatient-go-plan-details.pdf')`. */
  library: (file: string) => `${LIBRARY_PATH}/${file}`,
} as const;

/** A document path with the language to print it in (`?language=`), as the web links to it. */
export function inLanguage(path: string, language: DocumentLanguage): string {
  return `${path}${path.includes('?') ? '&' : '?'}language=${language}`;
}
