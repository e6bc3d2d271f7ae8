// The sync lock (db/syncLock.ts): pushes and pulls of the shared local data never overlap, in one
// tab or across tabs (harnesses of one `tabOf` group share a database, localStorage and lock, as
// tabs do), against a real `writeit serve`.
import { describe, expect, it } from 'vitest';
import type { Entry } from '../api/generated/types';
import { LAST_SYNC_KEY } from './sync';
import { memoryLock } from './syncLock';
import { harnessesPerTest, newUserId, serverApi, serverEnabled, until } from './testing/harness';

const make = harnessesPerTest();

/** A promise and its resolve. */
function gate(): { open: () => void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((ok) => (open = ok));
  return { open, opened };
}

async function someEntry(): Promise<Entry> {
  const e = (await serverApi(null).queryEntries.query({ offset: 0, limit: 1 }))[0];
  expect(e).toBeDefined();
  return e as Entry;
}

describe('memoryLock', () => {
  it('runs bodies one at a time, in call order, and a failed one does not hold the next', async () => {
    const lock = memoryLock();
    const log: string[] = [];
    const first = gate();
    const a = lock(async () => {
      log.push('a start');
      await first.opened;
      log.push('a end');
      throw new Error('a failed');
    });
    const b = lock(async () => {
      log.push('b');
      return 2;
    });
    await Promise.resolve();
    expect(log).toEqual(['a start']);
    first.open();
    await expect(a).rejects.toThrow('a failed');
    expect(await b).toBe(2);
    expect(log).toEqual(['a start', 'a end', 'b']);
  });
});

describe('the sync lock', () => {
  it('holds a push until the running sync has stored its pages, so a page read before it cannot overwrite its answer', async () => {
    const h = await make({ userId: newUserId() });
    const e = await someEntry();
    await h.engine.sync();
    // The next sync's user-entries page is read by the server now and answered late.
    const late = gate();
    let pageRead = false;
    h.net.beforeAnswer = async (procedures) => {
      if (procedures.includes('queryUserEntries')) {
        pageRead = true;
        await late.opened;
      }
    };
    const syncing = h.engine.sync();
    await until(() => pageRead);
    // The learner turns the entry on meanwhile; its push is kicked at once.
    await h.mutations.saveUserEntry({ entryId: e.id, enabled: true });
    const pushed = h.engine.flush();
    await new Promise((ok) => setTimeout(ok, 100));
    // It waits for the sync: nothing was sent yet.
    expect(h.procedures()).not.toContain('saveUserEntry');
    late.open();
    await syncing;
    await pushed;
    expect(h.procedures()).toContain('saveUserEntry');
    expect(await h.db.userEntries.get(e.id)).toMatchObject({ enabled: true });
    expect(await serverEnabled(h, e.id)).toBe(true);
  });

  it('lets one tab at a time push the shared queue, so the later write reaches the server last', async () => {
    const userId = newUserId();
    const a = await make({ userId });
    const b = await make({ tabOf: a });
    await b.signIn(userId);
    const e = await someEntry();
    // Tab A pushes "on" over a slow uplink.
    const uplink = gate();
    let sending = false;
    a.net.beforeRequest = async (procedures, method) => {
      if (method === 'POST' && procedures.includes('saveUserEntry')) {
        sending = true;
        await uplink.opened;
      }
    };
    await a.mutations.saveUserEntry({ entryId: e.id, enabled: true });
    const aPush = a.engine.flush();
    await until(() => sending);
    // The learner turns it off in tab B, which pushes too (focus, online, its timer).
    await b.mutations.saveUserEntry({ entryId: e.id, enabled: false });
    const bPush = b.engine.flush();
    await new Promise((ok) => setTimeout(ok, 100));
    expect(b.procedures()).not.toContain('saveUserEntry');
    uplink.open();
    await aPush;
    await bPush;
    await until(async () => (await a.db.outbox.count()) === 0);
    expect(await serverEnabled(a, e.id)).toBe(false);
    expect(await b.db.userEntries.get(e.id)).toMatchObject({ enabled: false });
  });

  it("runs one tab's refresh after another tab's sync, and ends with every row and lastSync", async () => {
    const a = await make();
    const b = await make({ tabOf: a });
    await a.engine.sync();
    const all = await a.db.entries.count();
    expect(all).toBeGreaterThan(0);
    // Tab A syncs again, its first answer held back; tab B refreshes meanwhile.
    const held = gate();
    let asked = false;
    a.net.beforeAnswer = async () => {
      if (!asked) {
        asked = true;
        await held.opened;
      }
    };
    const aSync = a.engine.sync();
    await until(() => asked);
    const bRefresh = b.engine.refresh();
    await new Promise((ok) => setTimeout(ok, 100));
    // B has not cleared anything while A's sync runs.
    expect(await a.db.entries.count()).toBe(all);
    expect(b.procedures()).toEqual([]);
    held.open();
    expect((await aSync).status).toBe('idle');
    expect(await bRefresh).toBe(true);
    expect(b.procedures()).toContain('queryEntries');
    expect(await a.db.entries.count()).toBe(all);
    expect(Number(a.storage.getItem(LAST_SYNC_KEY))).toBeGreaterThan(0);
  });
});
