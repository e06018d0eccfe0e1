// Reads an import file into template rows (template.ts): CSV (csv-parse) and XLSX (exceljs) in
// the template's columns, or a GeoJSON FeatureCollection in the government lists' layout through
// a mapping file (decision 188). Anything that keeps the file from being read at all — its size,
// encoding, format, an empty file, unknown columns, a bad mapping — is an ImportFileError; the
// rows' contents are checked later (validate.ts), all at once.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import {
  ImportFileError,
  type SourceRow,
  type SourceTable,
  TEMPLATE_COLUMNS,
  type TemplateColumn,
} from './template';

/** The default size limit of an import file: 50 MB. */
export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

export type FileKind = 'csv' | 'xlsx' | 'geojson';

export function fileKind(name: string): FileKind {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.geojson') || lower.endsWith('.json')) return 'geojson';
  throw new ImportFileError(
    `${name}: unknown file type (expected a .csv or .xlsx file in the template, or a .geojson list with --mapping)`,
  );
}

/** UTF-8 text of the file, without a byte-order mark; a clear error for any other encoding. */
function utf8Text(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new ImportFileError(
      'the file is UTF-16 text (expected UTF-8: in Excel, save as "CSV UTF-8")',
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportFileError(
      'the file is not UTF-8 text, e.g. Big5 (expected UTF-8: in Excel, save as "CSV UTF-8")',
    );
  }
}

function header(names: string[], where: string): TemplateColumn[] {
  const known = new Set<string>(TEMPLATE_COLUMNS);
  const columns = names.map((name) => name.trim().toLowerCase());
  const unknown = columns.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new ImportFileError(
      `${where}: unknown column(s) ${unknown.map((name) => `"${name}"`).join(', ')} (expected the template's columns: ${TEMPLATE_COLUMNS.join(', ')})`,
    );
  }
  const seen = new Set<string>();
  for (const name of columns) {
    if (seen.has(name)) throw new ImportFileError(`${where}: column "${name}" appears twice`);
    seen.add(name);
  }
  return columns as TemplateColumn[];
}

function toRow(columns: TemplateColumn[], values: string[], where: string): SourceRow {
  const cells: SourceRow['cells'] = {};
  columns.forEach((column, i) => {
    const value = values[i]?.trim() ?? '';
    if (value !== '') cells[column] = value;
  });
  return { where, cells };
}

export function readCsv(bytes: Uint8Array): SourceTable {
  const text = utf8Text(bytes).replace(/^\uFEFF/, '');
  let records: { record: string[]; raw: string; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      raw: true,
      skip_empty_lines: true,
      relax_quotes: false,
    }) as unknown as { record: string[]; raw: string; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImportFileError(
      `${line === undefined ? 'the file' : `line ${String(line)}`}: not valid CSV (${reason})`,
    );
  }
  const [first, ...rest] = records;
  if (!first) throw new ImportFileError('the file is empty (expected a header row and rows)');
  const columns = header(first.record, 'line 1');
  const rows = rest
    .filter(({ record }) => record.some((value) => value.trim() !== ''))
    .map(({ record, raw, info }) => {
      // `lines` is where the record ends; a quoted cell may span lines, so count back to its start.
      const inside = raw.replace(/^(?:\r?\n)+/, '').replace(/\r?\n$/, '');
      const start = info.lines - (inside.match(/\n/g)?.length ?? 0);
      return toRow(columns, record, `line ${String(start)}`);
    });
  return { rows, venuesOnly: false };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return cellText(value.result);
  if ('text' in value) return value.text;
  return '';
}

export async function readXlsx(bytes: Uint8Array): Promise<SourceTable> {
  // An XLSX workbook is a zip file: "PK\x03\x04".
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) {
    throw new ImportFileError('the file is not an XLSX workbook (expected an Excel .xlsx file)');
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImportFileError(`the workbook cannot be read (${reason})`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) {
    throw new ImportFileError('the workbook is empty (expected a header row and rows)');
  }
  let columns: TemplateColumn[] | null = null;
  const rows: SourceRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      values[column - 1] = cellText(cell.value);
    });
    if (columns === null) {
      columns = header(
        Array.from(values, (value) => value),
        `row ${String(rowNumber)}`,
      );
      return;
    }
    if (values.some((value) => value.trim() !== '')) {
      rows.push(toRow(columns, values, `line ${String(rowNumber)}`));
    }
  });
  return { rows, venuesOnly: false };
}

// ---------------------------------------------------------------- GeoJSON and its mapping

const ColumnNameSchema = z.enum(TEMPLATE_COLUMNS);

/** The mapping file of a GeoJSON list (decision 188; example in docs/network-import/). */
export const MappingSchema = z
  .object({
    /** The import's source: rows of other sources are never changed. */
    source: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lowercase letters, digits and dashes')
      .optional(),
    /** Only venues: no doctor, service point or price is written. */
    venues_only: z.boolean().default(false),
    /** Template column → the feature property that feeds it. */
    properties: z.partialRecord(ColumnNameSchema, z.string().min(1)).default({}),
    /** Template column → the value every row gets (what the list lacks: service, panel, …). */
    constants: z.partialRecord(ColumnNameSchema, z.string()).default({}),
  })
  .strict();
export type Mapping = z.infer<typeof MappingSchema>;

export function readMapping(bytes: Uint8Array): Mapping {
  let json: unknown;
  try {
    json = JSON.parse(utf8Text(bytes).replace(/^\uFEFF/, ''));
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('the mapping file is not JSON (expected a JSON object)');
  }
  const parsed = MappingSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'mapping'}: ${issue.message}`,
    );
    throw new ImportFileError(`the mapping file is wrong: ${problems.join('; ')}`);
  }
  return parsed.data;
}

const FeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.string(), coordinates: z.unknown() }).nullable().optional(),
      properties: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
});

/** A JSON list of plain records (the Hospital Authority's facility-*.json lists, issue 41). */
const RecordListSchema = z.array(z.record(z.string(), z.unknown())).min(1);

export function readGeoJson(bytes: Uint8Array, mapping: Mapping | null): SourceTable {
  if (mapping === null) {
    throw new ImportFileError(
      'a GeoJSON list needs --mapping M.json (which property feeds which column; see docs/network-import/)',
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(utf8Text(bytes).replace(/^\uFEFF/, ''));
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('the file is not JSON (expected a GeoJSON FeatureCollection)');
  }
  const parsed = FeatureCollectionSchema.safeParse(json);
  const list = parsed.success ? null : RecordListSchema.safeParse(json);
  if (!parsed.success && !list?.success) {
    throw new ImportFileError(
      'the file is not a GeoJSON FeatureCollection of features with properties, nor a JSON list of records',
    );
  }
  const features: z.infer<typeof FeatureCollectionSchema>['features'] = parsed.success
    ? parsed.data.features
    : (list?.data ?? []).map((properties) => ({ type: 'Feature' as const, properties }));
  const where = parsed.success ? 'feature' : 'record';
  const rows = features.map((feature, index): SourceRow => {
    const cells: SourceRow['cells'] = {};
    for (const [column, value] of Object.entries(mapping.constants)) {
      if (value.trim() !== '') cells[column as TemplateColumn] = value.trim();
    }
    for (const [column, property] of Object.entries(mapping.properties)) {
      const value = feature.properties?.[property];
      if (typeof value === 'string' || typeof value === 'number') {
        const text = String(value).trim();
        if (text !== '') cells[column as TemplateColumn] = text;
      }
    }
    // One service point per clinic: its ids default to the venue's, so the doctor standing for
    // the clinic's doctors (decision 189) is one per venue and carries the venue's phones.
    if (!mapping.venues_only && cells.venue_id !== undefined) {
      cells.service_point_id ??= cells.venue_id;
      cells.doctor_id ??= cells.venue_id;
      // A list without doctors: the clinic stands for its doctors, under its own name.
      if (cells.doctor_name_en === undefined && cells.venue_name_en !== undefined) {
        cells.doctor_name_en = cells.venue_name_en;
      }
      if (cells.doctor_name_zh === undefined && cells.venue_name_zh !== undefined) {
        cells.doctor_name_zh = cells.venue_name_zh;
      }
    }
    const coordinates = feature.geometry?.coordinates;
    const point =
      feature.geometry?.type === 'Point' &&
      Array.isArray(coordinates) &&
      typeof coordinates[0] === 'number' &&
      typeof coordinates[1] === 'number'
        ? ([coordinates[0], coordinates[1]] as [number, number])
        : undefined;
    return { where: `${where} ${String(index)}`, cells, ...(point ? { point } : {}) };
  });
  return {
    rows,
    venuesOnly: mapping.venues_only,
    ...(mapping.source ? { source: mapping.source } : {}),
  };
}

/** Reads the file's bytes by its kind; an empty file or an empty table is an error. */
export async function readImportFile(
  name: string,
  bytes: Uint8Array,
  mapping: Mapping | null,
): Promise<SourceTable> {
  if (bytes.length === 0) throw new ImportFileError('the file is empty (0 bytes)');
  const kind = fileKind(name);
  if (mapping && kind !== 'geojson') {
    throw new ImportFileError(
      '--mapping is for GeoJSON lists; a CSV or XLSX file uses the template columns',
    );
  }
  const table =
    kind === 'csv'
      ? readCsv(bytes)
      : kind === 'xlsx'
        ? await readXlsx(bytes)
        : readGeoJson(bytes, mapping);
  if (table.rows.length === 0) {
    throw new ImportFileError('the file has no rows (expected one row per service point)');
  }
  return table;
}
