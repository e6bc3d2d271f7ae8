// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RELOAD_GUARD_MS,
  handleChunkLoadError,
  importWithReload,
  installChunkReload,
  isChunkLoadError,
  reloadOnce,
  type ChunkReloadEnv,
} from './chunkReload';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

function fakeEnv(start = 1_000_000) {
  const env = {
    time: start,
    pathname: '/decks',
    reloads: 0,
    storage: memoryStorage(),
    now: () => env.time,
    path: () => env.pathname,
    reload: () => {
      env.reloads += 1;
    },
  };
  return env satisfies ChunkReloadEnv & { time: number };
}

describe('isChunkLoadError', () => {
  it('knows the messages of Chromium, Firefox, Safari and Vite', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(true);
  });

  it('ignores other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new Error('Page Not Found'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError({})).toBe(false);
  });
});

describe('reloadOnce', () => {
  it('reloads at most once per 10 s per path', () => {
    const env = fakeEnv();
    expect(reloadOnce(env)).toBe(true);
    expect(env.reloads).toBe(1);

    env.time += RELOAD_GUARD_MS - 1;
    expect(reloadOnce(env)).toBe(false);
    expect(env.reloads).toBe(1);

    // Another path has its own guard.
    env.pathname = '/entries';
    expect(reloadOnce(env)).toBe(true);
    expect(env.reloads).toBe(2);

    // After 10 s the first path may reload again.
    env.pathname = '/decks';
    env.time += 1;
    expect(reloadOnce(env)).toBe(true);
    expect(env.reloads).toBe(3);
  });

  it('reloads when the stored time is in the future (clock changed)', () => {
    const env = fakeEnv();
    reloadOnce(env);
    env.time -= 5_000;
    expect(reloadOnce(env)).toBe(true);
  });

  it('still reloads when storage throws', () => {
    const env = fakeEnv();
    env.storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(reloadOnce(env)).toBe(true);
    expect(env.reloads).toBe(1);
  });

  it('uses sessionStorage and the real clock by default', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const reload = vi.fn();
    const env: ChunkReloadEnv = {
      now: () => Date.now(),
      path: () => '/cards',
      storage: window.sessionStorage,
      reload,
    };
    expect(handleChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'), env)).toBe(true);
    vi.advanceTimersByTime(9_999);
    expect(handleChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'), env)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(handleChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'), env)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(window.sessionStorage.getItem('chunkReload:/cards')).toBe(String(Date.now()));
    vi.useRealTimers();
  });
});

describe('installChunkReload', () => {
  let uninstall: () => void = () => undefined;
  afterEach(() => uninstall());

  it("reloads on Vite's preload error and cancels it", () => {
    const env = fakeEnv();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    uninstall = installChunkReload(env);
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    expect(env.reloads).toBe(1);
    expect(event.defaultPrevented).toBe(true);

    const again = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(again);
    expect(env.reloads).toBe(1);
    expect(again.defaultPrevented).toBe(false);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});

describe('importWithReload', () => {
  it('reloads on a chunk-load failure and rethrows once the guard holds', async () => {
    const env = fakeEnv();
    const failing = importWithReload(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js')), env);
    let settled = false;
    void failing().finally(() => {
      settled = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(env.reloads).toBe(1);
    expect(settled).toBe(false);
    await expect(failing()).rejects.toThrow('Failed to fetch dynamically imported module');
  });

  it('passes other errors and results through', async () => {
    const env = fakeEnv();
    await expect(importWithReload(() => Promise.resolve(42), env)()).resolves.toBe(42);
    await expect(importWithReload(() => Promise.reject(new Error('boom')), env)()).rejects.toThrow('boom');
    expect(env.reloads).toBe(0);
  });
});
