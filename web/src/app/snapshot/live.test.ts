// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdSnapshot, liveCommitted, MAX_COVER_MS, releaseSnapshot, resetLive, snapshotShown } from './live';
import { SNAPSHOT_ELEMENT_ID, SNAPSHOT_STYLE_ID } from './restore';

function showSnapshot(): void {
  document.body.innerHTML = `<div id="${SNAPSHOT_ELEMENT_ID}"><div inert>copy</div></div><div id="root"></div>`;
  document.head.innerHTML = `<style id="${SNAPSHOT_STYLE_ID}">body{margin:0}</style>`;
}

beforeEach(() => {
  resetLive();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

describe('taking the snapshot down', () => {
  it('happens at the live page’s first commit, with its global rules', () => {
    showSnapshot();
    expect(snapshotShown()).toBe(true);
    liveCommitted();
    expect(snapshotShown()).toBe(false);
    expect(document.getElementById(SNAPSHOT_STYLE_ID)).toBeNull();
    expect(document.getElementById('root')).not.toBeNull();
  });

  it('waits while a loading state is on screen, at most MAX_COVER_MS', () => {
    showSnapshot();
    const release = holdSnapshot();
    liveCommitted();
    expect(snapshotShown()).toBe(true);
    release();
    expect(snapshotShown()).toBe(false);

    resetLive();
    showSnapshot();
    holdSnapshot(); // never released: a page stuck loading
    liveCommitted();
    vi.advanceTimersByTime(MAX_COVER_MS - 1);
    expect(snapshotShown()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(snapshotShown()).toBe(false);
  });

  it('does not happen before the first commit, however the holds come and go', () => {
    showSnapshot();
    const release = holdSnapshot();
    release();
    release(); // twice is once
    expect(snapshotShown()).toBe(true);
    liveCommitted();
    expect(snapshotShown()).toBe(false);
  });

  it('can be forced (a fatal error), and is harmless with nothing shown', () => {
    showSnapshot();
    releaseSnapshot();
    expect(snapshotShown()).toBe(false);
    releaseSnapshot();
    liveCommitted();
    expect(snapshotShown()).toBe(false);
  });
});
