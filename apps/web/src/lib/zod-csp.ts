import { config } from 'zod';

// Zod 4 compiles object parsers with `new Function` unless told not to, and probes for it when
// the first object schema is built: under our CSP (no 'unsafe-eval') the probe is reported as a
// `securitypolicyviolation` even though zod catches it. Imported first by main.tsx, so the
// setting holds before any shared schema module is evaluated.
config({ jitless: true });
