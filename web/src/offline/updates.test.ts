// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LATEST_URL,
  checkForUpdate,
  dismissUpdate,
  fetchLatestBuildId,
  markServiceWorkerWaiting,
  resetUpdateState,
  useUpdateAvailable,
} from './updates';

function answering(body: unknown, status = 200): typeof fetch {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))) as unknown as typeof fetch;
}

describe('update checks', () => {
  beforeEach(() => {
    vi.stubEnv('VITE_BUILD_ID', 'build-a');
    resetUpdateState();
  });
  afterEach(() => vi.unstubAllEnvs());

  it('asks for builds/latest.json without the HTTP cache', async () => {
    const f = answering({ id: 'build-a', timestamp: 1 });
    expect(await fetchLatestBuildId(f)).toBe('build-a');
    expect(f).toHaveBeenCalledWith(LATEST_URL, expect.objectContaining({ cache: 'no-store' }));
  });

  it('stays quiet for the same build, a failure or a malformed answer', async () => {
    const { result } = renderHook(() => useUpdateAvailable());
    expect(await checkForUpdate(answering({ id: 'build-a' }))).toBe(false);
    expect(await checkForUpdate(answering({ id: 'build-b' }, 404))).toBe(false);
    expect(await checkForUpdate(answering(['nope']))).toBe(false);
    expect(await checkForUpdate(vi.fn(() => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch)).toBe(false);
    expect(result.current).toBe(false);
  });

  it('offers a reload when another build is deployed, until dismissed', async () => {
    const { result } = renderHook(() => useUpdateAvailable());
    await act(async () => {
      expect(await checkForUpdate(answering({ id: 'build-b' }))).toBe(true);
    });
    expect(result.current).toBe(true);
    act(() => dismissUpdate());
    expect(result.current).toBe(false);
    // The same new build again: still dismissed; a newer one shows the prompt again.
    await act(async () => {
      await checkForUpdate(answering({ id: 'build-b' }));
    });
    expect(result.current).toBe(false);
    await act(async () => {
      await checkForUpdate(answering({ id: 'build-c' }));
    });
    expect(result.current).toBe(true);
  });

  it('offers a reload when the service worker has a new version waiting', () => {
    const { result } = renderHook(() => useUpdateAvailable());
    expect(result.current).toBe(false);
    act(() => markServiceWorkerWaiting());
    expect(result.current).toBe(true);
  });
});
