// Bundles the server and its CLI into dist/ with esbuild. npm packages stay external (installed
// beside it); the workspace's TypeScript sources (@clinicpass/shared) are bundled in.
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'src/server.ts',
    'cli/migrate': 'src/cli/migrate.ts',
    'cli/seed': 'src/cli/seed.ts',
    // The operator commands, so an image runs them without tsx or the source tree (issue 38).
    'cli/outpatient': 'src/cli/outpatient.ts',
    'cli/network-import': 'src/cli/network-import.ts',
    'cli/operator': 'src/cli/operator.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@clinicpass/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
