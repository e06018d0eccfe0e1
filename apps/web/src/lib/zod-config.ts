/**
 * zod 4 compiles object parsers with `new Function` unless told not to; probing for it trips the
 * strict CSP (no 'unsafe-eval'). Imported first by every module that parses with zod.
 */
import { config } from 'zod';

config({ jitless: true });
