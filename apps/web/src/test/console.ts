import { vi } from 'vitest';

type Level = 'error' | 'warn';

let captured: { level: Level; args: unknown[] }[] = [];
let errorsAllowed = false;

export function startConsoleCapture(): void {
  captured = [];
  errorsAllowed = false;
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      captured.push({ level, args });
    });
  }
}

/**
 * For a test whose subject is an error (an error boundary, say): console.error output is then
 * expected rather than a failure. Check it with `capturedConsoleErrors()`.
 */
export function allowConsoleErrors(): void {
  errorsAllowed = true;
}

export function capturedConsoleErrors(): unknown[][] {
  return captured.filter((entry) => entry.level === 'error').map((entry) => entry.args);
}

function describe(args: unknown[]): string {
  return args
    .map((arg) =>
      arg instanceof Error ? arg.message : typeof arg === 'string' ? arg : String(arg),
    )
    .join(' ')
    .slice(0, 500);
}

export function failOnUnexpectedConsoleOutput(): void {
  const unexpected = captured.filter((entry) => entry.level === 'warn' || !errorsAllowed);
  captured = [];
  if (unexpected.length > 0) {
    const lines = unexpected.map((entry) => `console.${entry.level}: ${describe(entry.args)}`);
    throw new Error(`Unexpected console output during the test:\n${lines.join('\n')}`);
  }
}
