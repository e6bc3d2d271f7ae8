// Navigations held while an editor has unsaved changes: the router's calls, back and forward,
// and closing the tab, against a fake history that keeps react-router's index in its state.
import { describe, expect, it } from 'vitest';
import { guardNavigation, passNextNavigation, type GuardWindow, type MovingNavigator } from './leaveGuard';
import { listenBeforeTheRouter } from './popFirst';

/** A browser history of paths, reporting back and forward as popstate (asynchronously, as
 * browsers do), the guards' listener added first (as App.tsx does), and a router listening after
 * it. */
function world() {
  const target = new EventTarget();
  const entries = ['/a'];
  let at = 0;
  const seen: string[] = [];
  const win = Object.assign(target, {
    history: {
      get state() {
        return { idx: at };
      },
      go(delta: number) {
        at = Math.max(0, Math.min(entries.length - 1, at + delta));
        const state = { idx: at };
        queueMicrotask(() => target.dispatchEvent(Object.assign(new Event('popstate'), { state })));
      },
    },
  }) as unknown as GuardWindow & EventTarget;
  listenBeforeTheRouter(win);
  const navigator: MovingNavigator & { path: () => string } = {
    push: ((to: string) => {
      entries.splice(at + 1, entries.length, to);
      at++;
      seen.push(to);
    }) as MovingNavigator['push'],
    replace: ((to: string) => {
      entries[at] = to;
      seen.push(to);
    }) as MovingNavigator['replace'],
    go: (delta: number) => win.history.go(delta),
    path: () => entries[at]!,
  };
  const routerListens = () => target.addEventListener('popstate', () => seen.push(`pop ${entries[at]}`));
  const settle = () => new Promise((ok) => setTimeout(ok, 0));
  const unload = () => {
    const event = new Event('beforeunload', { cancelable: true });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { win, navigator, seen, routerListens, settle, unload };
}

const push = (n: MovingNavigator, to: string) => (n.push as unknown as (to: string) => void)(to);
const replace = (n: MovingNavigator, to: string) => (n.replace as unknown as (to: string) => void)(to);

/** A guard holding while `dirty.value`, keeping what it was asked to go on with. */
function editor(dirty = { value: true }) {
  const asked: (() => void)[] = [];
  return { dirty, asked, guard: { holds: () => dirty.value, ask: (proceed: () => void) => void asked.push(proceed) } };
}

describe('guardNavigation', () => {
  it('lets everything through while nothing is unsaved', () => {
    const w = world();
    const e = editor({ value: false });
    guardNavigation(w.navigator, e.guard, w.win);
    push(w.navigator, '/b');
    expect(w.seen).toEqual(['/b']);
    expect(w.unload()).toBe(false);
    expect(e.asked).toHaveLength(0);
  });

  it.each([
    ['push', push],
    ['replace', replace],
  ])('holds a %s until the person agrees', (_, move) => {
    const w = world();
    const e = editor();
    guardNavigation(w.navigator, e.guard, w.win);
    move(w.navigator, '/b');
    expect(w.seen).toEqual([]);
    expect(e.asked).toHaveLength(1);
    e.asked[0]!();
    expect(w.seen).toEqual(['/b']);
  });

  it('holds back and forward: undoes the move, and takes it again once agreed', async () => {
    const w = world();
    const e = editor({ value: false });
    guardNavigation(w.navigator, e.guard, w.win);
    w.routerListens();
    push(w.navigator, '/b');
    e.dirty.value = true;
    w.win.history.go(-1); // the browser's back button
    await w.settle();
    expect(w.navigator.path()).toBe('/b');
    expect(w.seen).toEqual(['/b']); // the router saw neither move
    expect(e.asked).toHaveLength(1);
    e.asked[0]!();
    await w.settle();
    expect(w.navigator.path()).toBe('/a');
    expect(w.seen).toEqual(['/b', 'pop /a']);
  });

  it("holds the router's own go(n), and passes its popstate once agreed", async () => {
    const w = world();
    const e = editor({ value: false });
    guardNavigation(w.navigator, e.guard, w.win);
    w.routerListens();
    push(w.navigator, '/b');
    e.dirty.value = true;
    w.navigator.go(-1);
    await w.settle();
    expect(w.navigator.path()).toBe('/b');
    e.asked[0]!();
    await w.settle();
    expect(w.seen).toEqual(['/b', 'pop /a']);
    expect(e.asked).toHaveLength(1);
  });

  it('asks the browser before the tab closes or reloads', () => {
    const w = world();
    guardNavigation(w.navigator, editor().guard, w.win);
    expect(w.unload()).toBe(true);
  });

  it("lets the editor's own next move through, once", () => {
    const w = world();
    const e = editor();
    guardNavigation(w.navigator, e.guard, w.win);
    passNextNavigation(w.navigator);
    push(w.navigator, '/saved');
    push(w.navigator, '/c');
    expect(w.seen).toEqual(['/saved']);
    expect(e.asked).toHaveLength(1);
  });

  it('restores the navigator when the last guard goes', () => {
    const w = world();
    const push0 = w.navigator.push;
    const stopA = guardNavigation(w.navigator, editor().guard, w.win);
    const stopB = guardNavigation(w.navigator, editor({ value: false }).guard, w.win);
    stopA();
    push(w.navigator, '/b');
    expect(w.seen).toEqual(['/b']); // B does not hold
    stopB();
    expect(w.navigator.push).toBe(push0);
    expect(w.unload()).toBe(false);
  });
});
