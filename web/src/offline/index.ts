// Offline and updates (DESIGN §6, SPEC §4/§8): registers the service worker that precaches the
// app shell, and checks for new versions (a chunk that fails to load reloads the page under the
// shell's guard, src/app/fatalError.ts). Call installOffline()
// once from main.tsx; render <UpdatePrompt /> once in the shell.
/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { markServiceWorkerWaiting, setServiceWorker, startUpdateChecks } from './updates';

export { UpdatePrompt } from './LazyUpdatePrompt';
export type { UpdatePromptProps } from './UpdatePrompt';
export { applyUpdate, checkForUpdate, dismissUpdate, useUpdateAvailable } from './updates';

/** True inside the Capacitor native shell: the app is bundled with the APK, so there is no
 * service worker to install and no deployed build to compare with. */
function isNativeShell(): boolean {
  const cap = (globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return cap?.isNativePlatform?.() === true;
}

let started = false;

/** Installs everything; safe to call more than once. */
export function installOffline(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  if (isNativeShell() || !import.meta.env.PROD) return;
  if ('serviceWorker' in navigator) {
    const updateSW = registerSW({
      immediate: true,
      onNeedRefresh: markServiceWorkerWaiting,
      onRegisteredSW(_url, registration) {
        setServiceWorker(registration, () => updateSW(true));
      },
      onRegisterError(error: unknown) {
        console.warn('Service worker registration failed; the app will not start offline.', error);
      },
    });
  }
  startUpdateChecks();
}
