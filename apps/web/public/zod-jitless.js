// Runs before the app's modules (a deferred classic script placed before them: deferred and
// module scripts run in document order once the page is parsed). zod 4 probes
// for eval with `new Function` when it builds its first object schema, which our CSP reports as
// a violation; with this setting in zod's global config it never probes. It must be set before
// any zod module evaluates, which no import inside the bundle can guarantee once chunks are split.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
