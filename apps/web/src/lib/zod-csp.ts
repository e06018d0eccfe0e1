// The built app sets this before any module runs (public/zod-jitless.js); this import keeps it
// so for tests and code paths that load zod without the page (jsdom, the dev server).
// zod 4 compiles object parsers with `new Function` when the page allows eval; merely probing
// for it is a `script-src` CSP violation under our policy. Jitless parsing needs no eval (and
// the schemas here are small), so it is switched on before any schema runs.
import { z } from 'zod';

z.config({ jitless: true });
