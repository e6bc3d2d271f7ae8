// Vite: React, its first evaluation split over tasks, the locale messages, the build id with
// builds/latest.json, the page start inlined into index.html (last visit's styles and page
// snapshot), the service worker that precaches the app shell (offline start), Brotli and gzip
// copies of the hashed files, and the dev server proxying the API to a local `writeit serve`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { bootScriptsPlugin } from './src/app/bootScriptsPlugin';
import { isOneOf, NAMED_CHUNKS, namedChunksCheck } from './src/app/chunkGroups';
import { i18nMessagesPlugin } from './src/i18n/vitePlugin';
import { buildInfoPlugin } from './src/offline/buildInfoPlugin';
import { precompressPlugin } from './src/offline/precompressPlugin';
import { snapshotStartPlugin } from './src/app/snapshot/vitePlugin';

export default defineConfig(({ command }) => ({
  resolve: {
    // React Router 7's package exports name only its development build (remix-run/react-router
    // #12532, #14102), whose dev warnings then ship and run in production; the production build
    // differs only in ENABLE_DEV_WARNINGS = false, which the minifier then drops.
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : [],
  },
  plugins: [
    react(),
    i18nMessagesPlugin(),
    buildInfoPlugin(),
    snapshotStartPlugin(),
    // React DOM, then the first load's other libraries (MUI's core, emotion, React Router), each
    // evaluated in a task of its own before the entry's graph.
    bootScriptsPlugin(['node_modules/react-dom/client.js', 'node_modules/@mui/material/styles/createTheme.mjs']),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false, // src/offline/index.ts registers it
      strategies: 'generateSW',
      manifest: {
        name: 'WriteIt',
        short_name: 'WriteIt',
        description: "Learn to read and write another language's script and words.",
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#6750a4',
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,json,woff2}'],
        // The build marker must always come from the network; source maps are not needed offline.
        globIgnores: ['builds/**', '**/*.map'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/healthz/, /^\/identity\//, /^\/builds\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true, // the first visit is controlled at once (updates still wait for the prompt)
        skipWaiting: false,
      },
    }),
    precompressPlugin(),
    namedChunksCheck(NAMED_CHUNKS),
  ],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/healthz': 'http://127.0.0.1:8080',
      '/identity': 'http://127.0.0.1:8080',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The first load in three chunks and the runtime, not eleven: writeit serve speaks HTTP/1.1
        // (six connections, a request each at a time), so on a slow network every extra small
        // chunk costs a round trip (Lighthouse mobile LCP 2.8-2.9 -> 2.5 s, bench/web). React DOM
        // has a chunk of its own and the other libraries of the first load ('$initial') another,
        // so bootScriptsPlugin can have each evaluated in a task of its own; the app's own modules
        // of the first load (some shared with pages) stay with the entry.
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
            { name: 'app', tags: ['$initial'] },
            // After the first load, the modules every page's first screen needs, each set in one
            // chunk instead of a few small ones per page (with what they import): the session,
            // loaded together at start, and the local database with its read layer (db/read/) and
            // the deck list: on HTTP/1.1 every small chunk costs a round trip.
            // (src/app/chunkGroups.ts names the modules; the build fails if one is not in its chunk)
            ...Object.entries(NAMED_CHUNKS).map(([name, modules]) => ({ name, test: (id: string) => isOneOf(id, modules) })),
          ],
        },
      },
    },
  },
}));
