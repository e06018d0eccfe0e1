import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { counterPerformance } from './build/counter-performance';
import { serviceWorkerPlugin } from './build/service-worker-plugin';
import { prerenderPlugin } from './build/prerender-plugin';
import { scriptsAfterFirstPaint } from './build/scripts-after-first-paint';
import { BOOT_STEPS, startChunks } from './build/start-chunks';

// The API server (apps/server) serves the built app in production; in development Vite serves the
// app and forwards the server's paths to it, so both run on one origin as in production.
const serverOrigin = 'http://localhost:3000';
const proxy = Object.fromEntries(
  ['/api', '/identity', '/session', '/healthz'].map((prefix) => [prefix, serverOrigin]),
);

// The policy apps/server sends with the app. `vite preview` sends it too, so a look at the built
// app catches anything that would break under it (the dev server needs an inline script for
// React Fast Refresh, so it runs without).
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export default defineConfig({
  // The service worker's file is emitted into the bundle first, so it is precompressed too.
  plugins: [
    react(),
    // The start's steps in src/app/boot.ts's order, then the member app's route tree and its
    // service worker (main.tsx).
    startChunks([...BOOT_STEPS, 'src/app/router.tsx', 'src/lib/service-worker.ts']),
    serviceWorkerPlugin(),
    scriptsAfterFirstPaint(),
    prerenderPlugin(),
    counterPerformance(),
  ],
  server: { proxy },
  preview: {
    headers: { 'Content-Security-Policy': contentSecurityPolicy },
    proxy,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/web-size.mjs reads the manifest to weigh what each route loads first.
    manifest: true,
  },
});
