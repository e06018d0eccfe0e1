// What every command does with its command line before it starts a database: `--help` / `-h`
// prints the usage on stdout and exits 0; an option it does not know, or a value missing, prints
// the reason and the usage on stderr and exits 2 (never a stack trace).
import { parseArgs, type ParseArgsConfig } from 'node:util';

export function printHelpIfAsked(args: readonly string[], usage: string): void {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
}

export function parseCommandLine<T extends ParseArgsConfig>(
  config: T,
  usage: string,
): ReturnType<typeof parseArgs<T>> {
  printHelpIfAsked(config.args ?? process.argv.slice(2), usage);
  try {
    return parseArgs(config);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}
