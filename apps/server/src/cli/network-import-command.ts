// `npm run network:import -- FILE [--dry-run] [--full] [--strict] [--mapping M.json] [--source
// NAME]` and `… quarantine list|export` (issues 19 and 41, decisions 188, 300): the command's
// work, apart from its process (network-import.ts), so tests run it in process against a test
// database. Answers the exit code: 0 when the file was written (its rows with errors kept in the
// quarantine) or a dry run ran, 1 when it cannot be read or, with --strict, has errors (the
// network is then unchanged), 2 for a wrong call. Prints no phone number: rows are named by
// their external ids and where they are in the file.
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../db/client';
import {
  type Change,
  DEFAULT_MAX_BYTES,
  formatIssue,
  ImportFileError,
  importNetwork,
  checkSize,
  type NetworkImportResult,
} from '../modules/network-import/network-import.service';
import { listQuarantine } from '../modules/network-import/network-import.repository';
import { TEMPLATE_COLUMNS } from '../modules/network-import/template';
import { type AuditActor, operatorActor, recordAudit } from '../modules/staff';
import { isAppError } from '@clinicpass/shared/errors/app-error';

export interface NetworkImportCommandContext {
  db: Database;
  now: Date;
  print: (line: string) => void;
  /** Progress bar output on a terminal (no newline); absent when not a terminal. */
  progress?: (text: string) => void;
  rebuildReadModel: (db: Database) => Promise<number>;
  maxBytes?: number;
  /** Test hook: called as each row is written (a fault thrown here rolls the import back). */
  onWrite?: (done: number, total: number) => void;
}

export const NETWORK_IMPORT_USAGE = [
  'Usage: npm run network:import -- FILE [--dry-run] [--full] [--strict] [--mapping M.json] [--source NAME] --as STAFF_EMAIL',
  '       npm run network:import -- quarantine list [--source NAME]',
  '       npm run network:import -- quarantine export --source NAME OUT.csv',
  '',
  '  FILE            a template .csv / .xlsx, or a .geojson / .json list with --mapping',
  '  --dry-run       check the file and list what would change; write nothing',
  '  --full          the file is the whole source: remove its service points missing from it',
  '  --strict        all or nothing: one row with an error writes nothing',
  '                  (default: the other rows are written, rows with errors are quarantined)',
  '  --mapping M     which property of the list feeds which template column',
  '  --source NAME   the source the rows belong to (default: the mapping\'s, else "network")',
  '  --as EMAIL      your staff email: the audit log records the import under you (not for --dry-run)',
  '  quarantine list     the rows kept back, with what was wrong',
  "  quarantine export   the source's quarantined rows as a template CSV to fix and import again",
].join('\n');

function bar(done: number, total: number): string {
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  return `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(percent).padStart(3)}% ${done.toLocaleString('en')}/${total.toLocaleString('en')} rows written`;
}

function describe(change: Change): string {
  return `${change.kind} ${change.id}${change.fields ? ` (${change.fields.join(', ')})` : ''}`;
}

function summary(result: NetworkImportResult, dryRun: boolean, strict: boolean): string {
  const { plan, rowCounts } = result;
  const n = (value: number) => value.toLocaleString('en');
  const rows = `${n(rowCounts.written)} written, ${n(rowCounts.quarantined)} quarantined, ${n(rowCounts.unchanged)} unchanged, ${n(rowCounts.removed)} removed`;
  const counts = `${String(plan.added.length)} added, ${String(plan.changed.length)} changed, ${String(plan.removed.length)} removed, ${String(plan.unchanged)} unchanged`;
  const hours = `${String(result.warnings.length)} row(s) with hours kept as text`;
  if (strict && result.errors.length > 0) {
    return `${String(result.errors.length)} error(s) in ${String(result.rows)} rows of source "${result.source}" (--strict): nothing written.`;
  }
  if (dryRun) {
    return `Dry run, source "${result.source}", ${String(result.rows)} rows: would be ${rows}; records ${counts}; ${hours}. Nothing written.`;
  }
  return `Imported source "${result.source}", ${String(result.rows)} rows: ${rows}; records ${counts}; ${hours}; finder rebuilt with ${String(result.finderRows ?? 0)} service points.`;
}

/** A CSV cell: quoted when it holds a quote, a comma or a line break. */
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

async function runQuarantine(
  args: string[],
  context: NetworkImportCommandContext,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { source: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    context.print(
      `${error instanceof Error ? error.message : String(error)}\n${NETWORK_IMPORT_USAGE}`,
    );
    return 2;
  }
  const [action, out, ...extra] = parsed.positionals;
  const source = parsed.values.source ?? null;
  if (parsed.values.help) {
    context.print(NETWORK_IMPORT_USAGE);
    return 0;
  }
  if (action === 'list' && out === undefined) {
    const entries = await listQuarantine(context.db, source);
    for (const entry of entries) {
      context.print(
        `${entry.source} ${entry.rowKey} (${entry.fileName}, ${entry.rowWhere}, ${entry.updateDate.toISOString()})`,
      );
      for (const issue of entry.issues) {
        context.print(`  ${issue.column}: ${issue.problem} (expected ${issue.expected})`);
      }
    }
    context.print(
      `${String(entries.length)} row(s) in quarantine${source === null ? '' : ` for source "${source}"`}.`,
    );
    return 0;
  }
  if (action === 'export' && out !== undefined && extra.length === 0 && source !== null) {
    const entries = await listQuarantine(context.db, source);
    const lines = [TEMPLATE_COLUMNS.join(',')];
    for (const entry of entries) {
      lines.push(TEMPLATE_COLUMNS.map((column) => csvCell(entry.cells[column] ?? '')).join(','));
    }
    await writeFile(out, `${lines.join('\n')}\n`);
    context.print(
      `${String(entries.length)} quarantined row(s) of source "${source}" written to ${out}: fix them, then npm run network:import -- ${out} --source ${source}`,
    );
    return 0;
  }
  context.print(NETWORK_IMPORT_USAGE);
  return 2;
}

/** Runs the command line; answers the process's exit code. */
/** Why a path cannot be read, in words (the caller names the file). */
function unreadable(error: unknown, what: string, name: string): ImportFileError {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EACCES' || code === 'EPERM'
        ? 'not allowed to read it'
        : code === 'EISDIR'
          ? 'a folder, not a file'
          : (code ?? 'cannot be read');
  return new ImportFileError(what === 'file' ? why : `${what} ${name}: ${why}`);
}

async function fileSize(name: string, what: string): Promise<number> {
  let info;
  try {
    info = await stat(name);
  } catch (error) {
    throw unreadable(error, what, name);
  }
  if (!info.isFile()) throw unreadable({ code: 'EISDIR' }, what, name);
  return info.size;
}

async function readBytes(name: string, what: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(name));
  } catch (error) {
    throw unreadable(error, what, name);
  }
}

export async function runNetworkImportCommand(
  args: string[],
  context: NetworkImportCommandContext,
): Promise<number> {
  if (args[0] === 'quarantine') return runQuarantine(args.slice(1), context);
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean', default: false },
        full: { type: 'boolean', default: false },
        strict: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        mapping: { type: 'string' },
        source: { type: 'string' },
        as: { type: 'string' },
      },
    });
  } catch (error) {
    context.print(
      `${error instanceof Error ? error.message : String(error)}\n${NETWORK_IMPORT_USAGE}`,
    );
    return 2;
  }
  if (parsed.values.help) {
    context.print(NETWORK_IMPORT_USAGE);
    return 0;
  }
  const file = parsed.positionals[0];
  if (file === undefined || parsed.positionals.length > 1) {
    context.print(NETWORK_IMPORT_USAGE);
    return 2;
  }
  const dryRun = parsed.values['dry-run'];
  const strict = parsed.values.strict;
  // A write changes the network: it runs as a staff member, recorded in the audit log.
  let actor: AuditActor | null = null;
  if (!dryRun) {
    const as = parsed.values.as?.trim() ?? '';
    if (as === '') {
      context.print(`--as is required to write: your staff email\n${NETWORK_IMPORT_USAGE}`);
      return 2;
    }
    try {
      actor = await operatorActor(context.db, as);
    } catch (error) {
      if (!isAppError(error)) throw error;
      context.print(error.message);
      return 2;
    }
  }
  const maxBytes = context.maxBytes ?? DEFAULT_MAX_BYTES;
  let result: NetworkImportResult;
  try {
    // The size is checked before the file is read: a 2 GB file is refused, not loaded.
    checkSize(await fileSize(file, 'file'), maxBytes);
    const bytes = await readBytes(file, 'file');
    const mapping =
      parsed.values.mapping === undefined
        ? null
        : await readBytes(parsed.values.mapping, 'mapping file');
    const progress = context.progress;
    result = await importNetwork(
      context.db,
      {
        fileName: path.basename(file),
        bytes,
        mapping,
        ...(parsed.values.source === undefined ? {} : { source: parsed.values.source }),
        dryRun,
        full: parsed.values.full,
        strict,
        maxBytes,
        now: context.now,
        onWrite: (done, total) => {
          context.onWrite?.(done, total);
          if (progress && (done === total || done % 100 === 0)) progress(bar(done, total));
        },
      },
      { rebuildReadModel: context.rebuildReadModel },
    );
    if (progress && result.written) progress('\n');
    if (actor !== null && result.written) {
      await recordAudit(context.db, actor, {
        action: 'network.import',
        targetKind: 'network-source',
        targetId: result.source,
        after: {
          file: path.basename(file),
          full: parsed.values.full,
          strict,
          rows: result.rowCounts,
        },
        at: context.now,
      });
    }
  } catch (error) {
    if (error instanceof ImportFileError) {
      context.print(`${file}: ${error.message}. Nothing written.`);
      return 1;
    }
    throw error;
  }

  const failed = strict && result.errors.length > 0;
  for (const issue of result.errors) {
    context.print(`${failed ? 'error' : 'quarantined'}: ${formatIssue(issue)}`);
  }
  if (dryRun || result.errors.length > 0) {
    for (const warning of result.warnings) context.print(`hours: ${formatIssue(warning)}`);
  }
  if (dryRun && !failed) {
    for (const change of result.plan.added) context.print(`+ ${describe(change)}`);
    for (const change of result.plan.changed) context.print(`~ ${describe(change)}`);
    for (const change of result.plan.removed) context.print(`- ${describe(change)}`);
  }
  context.print(summary(result, dryRun, strict));
  if (result.written && result.rowCounts.quarantined > 0) {
    context.print(
      `See them with: npm run network:import -- quarantine list --source ${result.source}`,
    );
  }
  return failed ? 1 : 0;
}
