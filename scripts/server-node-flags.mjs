// The Node flags the API server runs with, for every launcher (`npm start`, the journeys, the
// benches): decision 226. A young generation of 32 MB semi-spaces instead of V8's default lets the
// finder's short-lived answer objects die young: on this machine ~25 % less CPU per search, fewer
// full collections, and a lower reload peak (bench:finder, quiet: 0.208 ms a search, peak 535 MB).
// V8 sizes its heap when the process starts, so this cannot be set from inside the server.
// apps/server/package.json's `start` script repeats it (JSON imports nothing).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
