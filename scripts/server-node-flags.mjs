// The Node flags the API server runs with, for every launcher (`npm start`, the journeys, the
// benches, the Dockerfile's CMD): the one place the server's V8 tuning lives (decisions 226, 262).
// V8 sizes its heap when the process starts, so these are start-up flags, not set from inside.
// - `--max-semi-space-size=32`: a young generation of 32 MB semi-spaces lets the finder's
//   short-lived answer objects die young: ~25 % less CPU per search, fewer full collections and
//   a lower reload peak (decision 226).
// - `--heap-growing-percent=30`: the old generation grows 30 % past what the last full collection
//   left alive, not V8's up to 4x, so serving does not leave the reload a heap of garbage to
//   start from (decision 220).
// - `--expose-gc`: the finder gives memory back with a full collection before a reload builds
//   its new snapshot beside the old one (decision 216).
// apps/server/package.json's `start` script and the Dockerfile repeat them (JSON imports nothing);
// apps/server/test/packaging.test.ts checks they agree.
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=32',
  '--heap-growing-percent=30',
  '--expose-gc',
];
