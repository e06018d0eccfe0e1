// The network import's template (issue 19, decision 188): one row per service point, the same
// columns in CSV and XLSX, documented in docs/network-import/ and the README. A GeoJSON list's
// mapping file names, for each of these columns, the property that feeds it or a constant.

/** Every template column, in the template's order. */
export const TEMPLATE_COLUMNS = [
  'service_point_id',
  'panel',
  'service',
  'specialty',
  'doctor_id',
  'doctor_name_en',
  'doctor_name_zh',
  'doctor_phones',
  'venue_id',
  'venue_name_en',
  'venue_name_zh',
  'address_en',
  'address_zh',
  'district',
  'member_price',
  'usual_price',
  'hours_en',
  'hours_zh',
  'latitude',
  'longitude',
] as const;
export type TemplateColumn = (typeof TEMPLATE_COLUMNS)[number];

/** The columns a venue needs: all a venues-only import reads. */
export const VENUE_COLUMNS: readonly TemplateColumn[] = [
  'venue_id',
  'venue_name_en',
  'venue_name_zh',
  'address_en',
  'address_zh',
  'district',
  'hours_en',
  'hours_zh',
  'latitude',
  'longitude',
];

/** Columns that must hold a value in every row of a full (not venues-only) import. */
export const REQUIRED_COLUMNS: readonly TemplateColumn[] = [
  'service_point_id',
  'panel',
  'service',
  'doctor_id',
  'doctor_name_en',
  'doctor_name_zh',
  'venue_id',
  'venue_name_en',
  'venue_name_zh',
  'address_en',
  'address_zh',
  'district',
];

/** One row of the file, by template column, with where it was read (for error messages). */
export interface SourceRow {
  /** "line 12" (CSV, XLSX) or "feature 3" (GeoJSON, 0-based as in the file's array). */
  where: string;
  cells: Partial<Record<TemplateColumn, string>>;
  /** A GeoJSON feature's point, [longitude, latitude], for its district. */
  point?: [number, number];
}

export interface SourceTable {
  rows: SourceRow[];
  /** The source named by the mapping file (GeoJSON), if any. */
  source?: string;
  /** A venues-only import (mapping `venues_only`). */
  venuesOnly: boolean;
}

/** A problem with the file: where, which column, what was wrong and what was expected. */
export interface ImportIssue {
  where: string;
  column: string;
  problem: string;
  expected: string;
}

/** The file cannot be read at all (bad format, encoding, size, empty, bad mapping). */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

export function formatIssue(issue: ImportIssue): string {
  return `${issue.where}, ${issue.column}: ${issue.problem} (expected ${issue.expected})`;
}
