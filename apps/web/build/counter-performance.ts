// Build steps of issue 16 (decisions 147–149), one Vite plugin entry: after the bundle is
// written, every text file of dist is precompressed as .br (brotli, quality 11) and .gz (gzip,
// level 9) beside it, for the server's @fastify/static `preCompressed` to send as they are.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing (text); images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Smaller files are sent as they are (the server compresses nothing this small either). */
const SMALLEST = 1024;

function* filesUnder(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `directory`. */
export function precompress(directory: string): number {
  let written = 0;
  for (const file of filesUnder(directory)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size <= SMALLEST) continue;
    const bytes = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
    written += 1;
  }
  return written;
}

export function counterPerformance(): Plugin[] {
  let outDir = 'dist';
  return [
    {
      name: 'clinicpass:precompress',
      apply: 'build',
      configResolved(config) {
        outDir = path.resolve(config.root, config.build.outDir);
      },
      closeBundle: {
        order: 'post',
        handler() {
          const count = precompress(outDir);
          this.info(`precompressed ${count} files (.br, .gz)`);
        },
      },
    },
  ];
}
