// Vite: React, its first evaluation split over tasks, the locale messages, the build id with
// builds/latest.json, the page start inlined into index.html (last visit's styles and page
// snapshot), the service worker that precaches the app shell (offline start), Brotli and gzip
// copies of the hashed files, and the dev server proxying the API to a local `writeit serve`.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { bootScriptsPlugin } from './src/app/bootScriptsPlugin';
import { i18nMessagesPlugin } from './src/i18n/vitePlugin';
import { buildInfoPlugin } from './src/offline/buildInfoPlugin';
import { precompressPlugin } from './src/offline/precompressPlugin';
import { snapshotStartPlugin } from './src/app/snapshot/vitePlugin';

export default defineConfig({
  plugins: [
    react(),
    i18nMessagesPlugin(),
    buildInfoPlugin(),
    snapshotStartPlugin(),
    // React DOM, then MUI's core (with emotion), each evaluated in a task of its own before the
    // entry's graph.
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
        // React DOM in a chunk of its own, so bootScriptsPlugin can have it evaluated in a task
        // of its own (it is on every page's first load either way).
        codeSplitting: { groups: [{ name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
});
