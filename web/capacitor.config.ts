// Capacitor: the native (Android) shell around the same web build. The bundled app talks to the
// API at a full host, set at build time: VITE_API_URL=https://your.host/api/trpc npm run build.
import type { CapacitorConfig } from '@capacitor/cli';

const config: CapacitorConfig = {
  appId: 'app.writeit',
  appName: 'WriteIt',
  webDir: 'dist',
  android: {
    // The API must be https in release builds; allow http only for a debug build against a LAN host.
    allowMixedContent: false,
  },
};

export default config;
