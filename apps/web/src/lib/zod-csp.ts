// zod 4 compiles object parsers with `new Function` when the page allows eval; merely probing
// for it is a `script-src` CSP violation under our policy. Jitless parsing needs no eval (and
// the schemas here are small), so it is switched on before any schema runs.
import { z } from 'zod';

z.config({ jitless: true });
