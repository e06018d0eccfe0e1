// For a global setup that starts an embedded PostgreSQL: keeps the runner's exit code (see
// ../test/keep-exit-code.ts). Its own entry, because it patches process.exit when imported.
import '../test/keep-exit-code';
