// `npm run network:import -- FILE [--dry-run] [--full] [--mapping M.json] [--source NAME]`
// (issue 19, decision 188): the command's work, apart from its process (network-import.ts), so
// tests run it in process against a test database. Answers the exit code: 0 when the file was
// written (or a clean dry run), 1 when it has errors or cannot be read; the network is then
// unchanged. Prints no phone number: the listing names rows by their external ids.
import { readFile, stat } from 'node:fs/promises';
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

export const NETWORK_IMPORT_USAGE =
  'Usage: npm run network:import -- FILE [--dry-run] [--full] [--mapping M.json] [--source NAME]';

function bar(done: number, total: number): string {
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  return `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(percent).padStart(3)}% ${done.toLocaleString('en')}/${total.toLocaleString('en')} rows written`;
}

function describe(change: Change): string {
  return `${change.kind} ${change.id}${change.fields ? ` (${change.fields.join(', ')})` : ''}`;
}

function summary(result: NetworkImportResult, dryRun: boolean): string {
  const { plan } = result;
  const counts = `${String(plan.added.length)} added, ${String(plan.changed.length)} changed, ${String(plan.removed.length)} removed, ${String(plan.unchanged)} unchanged`;
  const hours = `${String(result.warnings.length)} row(s) with hours kept as text`;
  if (result.errors.length > 0) {
    return `${String(result.errors.length)} error(s) in ${String(result.rows)} rows of source "${result.source}": nothing written.`;
  }
  if (dryRun) {
    return `Dry run, source "${result.source}", ${String(result.rows)} rows: would write ${counts}; ${hours}. Nothing written.`;
  }
  return `Imported source "${result.source}", ${String(result.rows)} rows: ${counts}; ${hours}; finder rebuilt with ${String(result.finderRows ?? 0)} service points.`;
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
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean', default: false },
        full: { type: 'boolean', default: false },
        mapping: { type: 'string' },
        source: { type: 'string' },
      },
    });
  } catch (error) {
    context.print(
      `${error instanceof Error ? error.message : String(error)}\n${NETWORK_IMPORT_USAGE}`,
    );
    return 2;
  }
  const file = parsed.positionals[0];
  if (file === undefined || parsed.positionals.length > 1) {
    context.print(NETWORK_IMPORT_USAGE);
    return 2;
  }
  const dryRun = parsed.values['dry-run'];
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
  } catch (error) {
    if (error instanceof ImportFileError) {
      context.print(`${file}: ${error.message}. Nothing written.`);
      return 1;
    }
    throw error;
  }

  for (const issue of result.errors) context.print(`error: ${formatIssue(issue)}`);
  if (dryRun || result.errors.length > 0) {
    for (const warning of result.warnings) context.print(`hours: ${formatIssue(warning)}`);
  }
  if (dryRun && result.errors.length === 0) {
    for (const change of result.plan.added) context.print(`+ ${describe(change)}`);
    for (const change of result.plan.changed) context.print(`~ ${describe(change)}`);
    for (const change of result.plan.removed) context.print(`- ${describe(change)}`);
  }
  context.print(summary(result, dryRun));
  return result.errors.length > 0 ? 1 : 0;
}
