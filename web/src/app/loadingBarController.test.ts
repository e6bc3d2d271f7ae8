import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBar, estimatedProgress } from './loadingBarController';

describe('loading bar timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays hidden for work shorter than the 200 ms start delay', () => {
    const bar = createLoadingBar();
    const end = bar.begin();
    vi.advanceTimersByTime(199);
    expect(bar.getState()).toEqual({ status: 'idle', visible: false, progress: 0 });
    end();
    vi.advanceTimersByTime(5000);
    expect(bar.getState()).toEqual({ status: 'idle', visible: false, progress: 0 });
  });

  it('shows after 200 ms, creeps, finishes, hides after 500 ms and resets after 400 ms more', () => {
    const bar = createLoadingBar();
    const end = bar.begin();
    vi.advanceTimersByTime(200);
    expect(bar.getState()).toMatchObject({ status: 'loading', visible: true, progress: 0 });
    vi.advanceTimersByTime(1000);
    const p1 = bar.getState().progress;
    expect(p1).toBeGreaterThan(0);
    vi.advanceTimersByTime(1000);
    const p2 = bar.getState().progress;
    expect(p2).toBeGreaterThan(p1);
    expect(p2).toBeLessThan(100);
    end();
    expect(bar.getState()).toEqual({ status: 'finished', visible: true, progress: 100 });
    vi.advanceTimersByTime(499);
    expect(bar.getState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.getState()).toEqual({ status: 'finished', visible: false, progress: 100 });
    vi.advanceTimersByTime(399);
    expect(bar.getState().status).toBe('finished');
    vi.advanceTimersByTime(1);
    expect(bar.getState()).toEqual({ status: 'idle', visible: false, progress: 0 });
  });

  it('waits for every source and shows the error variant when one failed', () => {
    const bar = createLoadingBar();
    const endA = bar.begin();
    const endB = bar.begin();
    vi.advanceTimersByTime(300);
    endA(true);
    endA(true); // a second call is ignored
    expect(bar.getState().status).toBe('loading');
    expect(bar.activeCount()).toBe(1);
    endB();
    expect(bar.getState()).toEqual({ status: 'error', visible: true, progress: 100 });
    vi.advanceTimersByTime(900);
    expect(bar.getState().status).toBe('idle');
  });

  it('restarts at once when new work begins while the bar fades', () => {
    const bar = createLoadingBar();
    const end = bar.begin();
    vi.advanceTimersByTime(250);
    end();
    vi.advanceTimersByTime(100);
    const end2 = bar.begin();
    expect(bar.getState()).toMatchObject({ status: 'loading', visible: true, progress: 0 });
    vi.advanceTimersByTime(2000); // the old hide/reset timers must not fire
    expect(bar.getState().status).toBe('loading');
    end2();
    vi.advanceTimersByTime(900);
    expect(bar.getState().status).toBe('idle');
  });

  it('notifies subscribers on changes', () => {
    const bar = createLoadingBar();
    const listener = vi.fn();
    const unsubscribe = bar.subscribe(listener);
    const end = bar.begin();
    vi.advanceTimersByTime(200);
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    listener.mockClear();
    end();
    expect(listener).not.toHaveBeenCalled();
  });

  it('estimates progress monotonically below 100', () => {
    expect(estimatedProgress(0, 2000)).toBe(0);
    expect(estimatedProgress(2000, 2000)).toBeCloseTo(70.48, 1);
    expect(estimatedProgress(1e9, 2000)).toBeLessThan(100);
  });
});
