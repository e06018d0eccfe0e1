// ESLint flat config: type-aware TypeScript rules, import hygiene, React hooks, the web's
// feature boundaries, Prettier last.
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import tseslint from 'typescript-eslint';

/** Configuration is read in one place per app. */
const NO_PROCESS_ENV = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through config.ts (server) or config/env.ts (web).',
};
/** Request and answer shapes live in the route table (issue 14), not beside the routes. */
const NO_ZOD_OBJECT = {
  selector:
    "CallExpression[callee.object.name='z'][callee.property.name=/^(object|looseObject|strictObject)$/]",
  message:
    'Declare request and answer shapes in the route table (packages/shared/src/contracts) or the shared schemas, not here.',
};
/** A validation_error answer carries each issue's catalogue key (decision 100). */
const NO_HAND_BUILT_VALIDATION_ERROR = {
  selector: "NewExpression[callee.name='AppError'][arguments.0.value='validation_error']",
  message:
    'Build a validation_error with validationError(issues) (@clinicpass/shared/errors/validation-error): each issue needs its catalogue key.',
};
// Public APIs of libraries only (issue 36, decision 270): no `UNSAFE_` export (by import or as a
// namespace's member) and no underscore member (`options._privateState`): a library's private
// fields. The project's own code names nothing with a leading underscore but unused bindings.
const NO_UNSAFE_IMPORT = {
  selector:
    'ImportSpecifier[imported.name=/^UNSAFE_/], ExportSpecifier[local.name=/^UNSAFE_/], MemberExpression[property.name=/^UNSAFE_/]',
  message: "An UNSAFE_ export is a library's internals: use its public API (decision 270).",
};
const NO_PRIVATE_MEMBER = {
  selector: 'MemberExpression[property.name=/^_[A-Za-z]/]',
  message:
    "A member named with a leading underscore is a library's private field: use its public API (decision 270).",
};
const LIBRARY_INTERNALS = [NO_UNSAFE_IMPORT, NO_PRIVATE_MEMBER];
// Server module boundaries (decision 170). A module reaches another only through its public
// surface: `index.ts`, its `*.service.ts` files, its plugins (`*.plugin.ts`, `*.module.ts`) and
// its GraphQL resolvers (`*.graphql.ts`); never another's repository, routes or helpers.
// `platform-common` is the modules' shared code.
const serverSrc = path.join(import.meta.dirname, 'apps/server/src');
const SHARED_MODULES = ['platform-common'];
const serverModules = readdirSync(path.join(serverSrc, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SHARED_MODULES.includes(entry.name))
  .map((entry) => entry.name);
const moduleFiles = (name) => `${serverSrc}/modules/${name}/**`;
const PUBLIC_FILES = ['index.ts', '*.service.ts', '*.plugin.ts', '*.module.ts', '*.graphql.ts'].map(
  (file) => `${serverSrc}/modules/*/${file}`,
);
const serverZones = [
  ...serverModules.map((name) => ({
    target: `${serverSrc}/modules/${name}`,
    from: moduleFiles('*'),
    except: [moduleFiles(name), ...SHARED_MODULES.map(moduleFiles), ...PUBLIC_FILES],
    message:
      'A module imports another only through its index.ts, *.service.ts or plugin (decision 170).',
  })),
  ...SHARED_MODULES.map((name) => ({
    target: `${serverSrc}/modules/${name}`,
    from: moduleFiles('*'),
    except: [moduleFiles(name)],
    message: "The modules' shared code imports no module (decision 170).",
  })),
  {
    target: `${serverSrc}/modules`,
    from: `${serverSrc}/plugins/graphql.ts`,
    message: 'No module imports the GraphQL plugin: app.ts hands it over (decision 170).',
  },
  {
    // The plugins are the app's machinery; app.ts hands them what they need of a module as
    // options (e.g. the auth plugin's AuthGate), so no loop runs plugins -> modules -> plugins.
    target: `${serverSrc}/plugins`,
    from: `${serverSrc}/modules`,
    message:
      'plugins/ import no module: app.ts hands a plugin what it needs as options (decision 310).',
  },
  {
    // The seed (db/seed/) builds demo data through the modules, like cli/; the rest of db/ is
    // the schema and the connection.
    target: [`${serverSrc}/lib`, `${serverSrc}/db/*.ts`],
    from: `${serverSrc}/modules`,
    message: 'lib/ and db/ import no module (decision 170).',
  },
];

// The web's boundaries (decision 169, as bulletproof-react draws them): a feature imports only
// components/, lib/, config/, shared and itself; app/ composes features; components/, lib/ and
// config/ import no feature and not app/. What two features share moves to lib/ or components/.
const WEB = 'apps/web/src';
const WEB_FEATURES = readdirSync(`${import.meta.dirname}/${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = ({ tests }) => [
  ...WEB_FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message:
      'A feature imports only components/, lib/, config/, shared and itself: move what two features share to lib/ or components/ (decision 169).',
  })),
  // Tests may render the whole app (its providers and routes) around what they test.
  ...(tests
    ? []
    : [
        {
          target: `${WEB}/features`,
          from: `${WEB}/app`,
          message: 'Features never import app/: app/ composes the features (decision 169).',
        },
      ]),
  {
    target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/config`],
    from: tests ? [`${WEB}/features`] : [`${WEB}/features`, `${WEB}/app`],
    message:
      'components/, lib/ and config/ are shared: they import no feature and not app/ (decision 169).',
  },
];
// The web (its app and its browser journeys) never imports the server's source or its tests: the
// journeys reach the server through the entry it exports for them, `@clinicpass/server/test-support`.
const WEB_NOT_SERVER_SRC = {
  target: 'apps/web',
  from: ['apps/server/src', 'apps/server/test'],
  message:
    'The web never imports apps/server/src or apps/server/test: the journeys use @clinicpass/server/test-support (decision 271).',
};
const webBoundaries = (tests) => [
  'error',
  { basePath: import.meta.dirname, zones: [...webZones({ tests }), WEB_NOT_SERVER_SRC] },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            'vitest.config.ts',
            'scripts/*.mjs',
            'scripts/*.d.mts',
            'bench/*.mjs',
            'apps/server/*.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    // The `node` devDependency shadows import-x's built-in resolver name: name it explicitly.
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
      'no-restricted-syntax': ['error', NO_PROCESS_ENV, ...LIBRARY_INTERNALS],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_PROCESS_ENV,
        NO_HAND_BUILT_VALIDATION_ERROR,
        ...LIBRARY_INTERNALS,
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_PROCESS_ENV,
        NO_HAND_BUILT_VALIDATION_ERROR,
        NO_ZOD_OBJECT,
        ...LIBRARY_INTERNALS,
      ],
    },
  },
  {
    files: ['apps/web/src/**/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', NO_PROCESS_ENV, NO_ZOD_OBJECT, ...LIBRARY_INTERNALS],
    },
  },
  {
    // Config readers and tooling are the places that may read the environment.
    files: [
      'apps/server/src/config.ts',
      'apps/web/src/config/env.ts',
      'scripts/**',
      'bench/**',
      '**/*.config.ts',
      'apps/server/test/**',
      'apps/web/e2e/**',
      'apps/server/build.mjs',
      'apps/server/drizzle.config.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...LIBRARY_INTERNALS] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@clinicpass/server',
                '@clinicpass/server/*',
                '**/apps/server/**',
                '**/server/src/**',
              ],
              message: 'web never imports server',
            },
          ],
          paths: [
            {
              name: '@mui/material/TextField',
              message:
                'use components/text-input: TextField brings Select and unused variants (decision 313)',
            },
            {
              name: '@mui/material',
              importNames: ['TextField'],
              message:
                'use components/text-input: TextField brings Select and unused variants (decision 313)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    // import-x's node resolver must know .ts to follow the server's extensionless imports.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.mjs', '.cjs', '.js', '.json', '.node'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/finder-schema', '**/db/outpatient-schema', '**/db/identity-schema'],
              importNames: [
                'finderRateLimit',
                'lookupFailureCounter',
                'identityRateCounter',
                'identitySignInFailure',
              ],
              message: 'Counters belong to plugins/limits: use its API (decision 171).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/plugins/limits/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // The zones need the web's imports resolved: they name .ts/.tsx files without extensions.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': webBoundaries(false) },
  },
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': webBoundaries(true) },
  },
  {
    files: ['apps/web/e2e/**/*.ts'],
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.mjs', '.js', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [WEB_NOT_SERVER_SRC] },
      ],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'node:*', '@clinicpass/*'],
              message: 'shared imports neither React, Node built-ins nor apps',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'apps/web/e2e/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Vitest's asymmetric matchers (expect.any, expect.stringContaining) are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  prettier,
);
