// Build step of issue 16 (decision 179): zod 4's classic schemas carry JSON Schema generation
// (`.toJSONSchema()`, `~standard.jsonSchema`) as methods, so every page that parses with zod
// also downloaded its JSON Schema processors (~8.5 KiB gzip) though the web never makes a JSON
// Schema (the server does, for OpenAPI: this step applies to the web build only). The two
// imports are replaced: the processors by the one helper the schemas' own getters use
// (`aggregateChecks`, for `minLength` and the like), everything else by a function that throws.
// If zod changes these lines the build fails here, rather than quietly shipping them again.
import type { Plugin } from 'vite';

const SCHEMAS_MODULE = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;

const REPLACEMENTS: [from: string, to: string][] = [
  [
    'import * as processors from "../core/json-schema-processors.js";',
    [
      'import { aggregateChecks as __aggregateChecks } from "../core/json-schema-processors.js";',
      'const __noJsonSchema = () => { throw new Error("JSON Schema generation is not in the web build"); };',
      'const processors = new Proxy({ aggregateChecks: __aggregateChecks }, { get: (target, key) => target[key] ?? __noJsonSchema });',
    ].join('\n'),
  ],
  [
    'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";',
    'const createStandardJSONSchemaMethod = () => __noJsonSchema;\nconst createToJSONSchemaMethod = () => __noJsonSchema;',
  ],
];

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'clinicpass:zod-without-json-schema',
    apply: 'build',
    transform: {
      filter: { id: SCHEMAS_MODULE },
      handler(code, id) {
        if (!SCHEMAS_MODULE.test(id)) return null;
        let next = code;
        for (const [from, to] of REPLACEMENTS) {
          if (!next.includes(from)) {
            this.error(
              `zod changed: "${from}" is no longer in ${id} (build/zod-without-json-schema.ts)`,
            );
          }
          next = next.replace(from, to);
        }
        return { code: next, map: null };
      },
    },
  };
}
