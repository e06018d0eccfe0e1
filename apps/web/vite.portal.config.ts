// The policy owner's portal (issue 20, decision 194): a build of its own, after the member app's
// (`npm run build`): portal/index.html → dist/portal/index.html, its scripts in
// dist/portal/assets/. Nothing is shared with the member build's chunks, so the member pages'
// files and weights are exactly what they are without the portal; the portal carries its own
// copy of React and MUI and has a budget of its own. Its static shell is prerendered per language
// (decision 211) into dist/portal/prerendered/.
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './build/counter-performance';
import { portalPrerenderPlugin } from './build/portal-prerender-plugin';
import { scriptsAfterFirstPaint } from './build/scripts-after-first-paint';
import { BOOT_STEPS, startChunks } from './build/start-chunks';

/** Precompresses the portal's files only (the member build did its own). */
function precompressPortal(): Plugin {
  let portalDir = '';
  return {
    name: 'clinicpass:precompress-portal',
    apply: 'build',
    configResolved(config) {
      portalDir = path.resolve(config.root, config.build.outDir, 'portal');
    },
    closeBundle: {
      order: 'post',
      handler() {
        this.info(`precompressed ${precompress(portalDir)} files (.br, .gz)`);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // The start's steps in src/app/boot.ts's order, then the portal's routes (portal-main.tsx).
    startChunks([...BOOT_STEPS, 'src/portal-start.ts']),
    scriptsAfterFirstPaint(),
    portalPrerenderPlugin(),
    precompressPortal(),
  ],
  // The member build's public files (zod-jitless.js, icons) are already in dist.
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    assetsDir: 'portal/assets',
    rolldownOptions: {
      input: { portal: path.resolve(import.meta.dirname, 'portal/index.html') },
    },
  },
});
