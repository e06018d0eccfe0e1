// Build step of issue 16 (decision 179): code that dependencies bundle with what the web uses but
// that the web never runs, cut out of the web build only (the server and the tests keep the
// packages as they are). Each trim names the exact lines it replaces; if a dependency changes
// them the build fails here, rather than quietly shipping the weight again.
// - zod 4's classic schemas carry JSON Schema generation (`.toJSONSchema()`,
//   `~standard.jsonSchema`) as methods, so every page that parses with zod downloaded its JSON
//   Schema processors (~4.7 KiB gzip). The web never makes a JSON Schema (the server does, for
//   OpenAPI). Kept: `aggregateChecks`, which the schemas' own getters (`minLength`…) use.
// - MUI's `createTheme` and `ThemeProvider` carry the CSS-variables theme and its provider (color
//   schemes, the color-scheme script and storage manager: ~6 KiB gzip in the shell). The web's
//   themes are made without `cssVariables` or `colorSchemes`, which MUI builds and provides with
//   its "no vars" path (as v5 did); the other path is never taken (decision 202).
import type { Plugin } from 'vite';

interface Trim {
  module: RegExp;
  replacements: [from: string, to: string][];
}

const notInWebBuild = (what: string) =>
  `() => { throw new Error(${JSON.stringify(`${what} is not in the web build (apps/web/build/dependency-trims.ts)`)}); }`;

const TRIMS: Trim[] = [
  {
    module: /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/,
    replacements: [
      [
        'import * as processors from "../core/json-schema-processors.js";',
        [
          'import { aggregateChecks as __aggregateChecks } from "../core/json-schema-processors.js";',
          `const __noJsonSchema = ${notInWebBuild('JSON Schema generation')};`,
          'const processors = new Proxy({ aggregateChecks: __aggregateChecks }, { get: (target, key) => target[key] ?? __noJsonSchema });',
        ].join('\n'),
      ],
      [
        'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";',
        'const createStandardJSONSchemaMethod = () => __noJsonSchema;\nconst createToJSONSchemaMethod = () => __noJsonSchema;',
      ],
    ],
  },
  {
    module: /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.m?js$/,
    replacements: [
      [
        'import createThemeWithVars from "./createThemeWithVars.mjs";',
        `const createThemeWithVars = ${notInWebBuild('A CSS-variables theme')};`,
      ],
    ],
  },
  {
    module: /[\\/]@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.m?js$/,
    replacements: [
      [
        'import { CssVarsProvider } from "./ThemeProviderWithVars.mjs";',
        `const CssVarsProvider = ${notInWebBuild('A CSS-variables theme provider')};`,
      ],
    ],
  },
];

export function dependencyTrims(): Plugin {
  return {
    name: 'clinicpass:dependency-trims',
    apply: 'build',
    transform(code, id) {
      const trim = TRIMS.find(({ module }) => module.test(id));
      if (trim === undefined) return null;
      let next = code;
      for (const [from, to] of trim.replacements) {
        if (!next.includes(from)) {
          this.error(`"${from}" is no longer in ${id}: update apps/web/build/dependency-trims.ts`);
        }
        next = next.replace(from, to);
      }
      return { code: next, map: null };
    },
  };
}
