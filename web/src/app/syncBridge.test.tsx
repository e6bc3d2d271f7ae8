// @vitest-environment jsdom
// The bridge's store: a selector re-renders its component only when the value it picks changes.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { publishSyncState, useSyncSelector, useSyncState } from './syncBridge';

afterEach(cleanup);

describe('sync bridge', () => {
  it('re-renders a selector only when its value changes, the whole state on every report', () => {
    const renders = { selector: 0, state: 0 };
    function Selected() {
      renders.selector++;
      return <p>{useSyncSelector((s) => s.status) ?? ''}</p>;
    }
    function Whole() {
      renders.state++;
      return <p>{useSyncState().progress?.rows ?? 0} rows</p>;
    }
    act(() => publishSyncState({ status: 'syncing', pending: 0, refused: 0 }));
    render(<><Selected /><Whole /></>);
    const before = { ...renders };
    for (let rows = 1000; rows <= 5000; rows += 1000) {
      act(() => publishSyncState({ status: 'syncing', progress: { table: 'entries', rows }, pending: 0, refused: 0 }));
    }
    expect(screen.getByText('5000 rows')).toBeTruthy();
    expect(renders.state - before.state).toBe(5);
    expect(renders.selector).toBe(before.selector);
    act(() => publishSyncState({ status: 'idle', pending: 0, refused: 0 }));
    expect(screen.getByText('idle')).toBeTruthy();
    expect(renders.selector).toBe(before.selector + 1);
  });
});
