// Holding a navigation while an editor has unsaved changes, in the router's declarative mode
// (router.tsx: the data router, whose useBlocker does this, costs 17 KiB of the first load).
// The router navigates through its navigator (the browser history object): push, replace and go
// are wrapped, so a held one runs only once the person agrees. Back and forward have already
// moved the address when the browser reports them: the report is kept from the router and the move
// undone by history.go with the opposite step (the history index the router keeps in
// history.state), as the data router does; agreeing goes again. Keeping the report from the router
// needs a popstate listener added before the router's (a window's listeners run in the order they
// were added, capture or not): popFirst.ts, which App.tsx starts as it loads. Closing or
// reloading the tab is the browser's own question (beforeunload). Pure of React, so it is tested
// with a fake history (leaveGuard.test.ts).
import { popHandlersOf } from './popFirst';

/** The part of the router's navigator that moves (react-router's Navigator). */
export interface MovingNavigator {
  push: (...args: never[]) => void;
  replace: (...args: never[]) => void;
  go: (delta: number) => void;
}

/** One editor's say: whether it holds navigations now, and how it asks to go on. */
export interface Guard {
  holds: () => boolean;
  /** Asks the person; `proceed` leaves. */
  ask: (proceed: () => void) => void;
}

/** The window as far as this module uses it. */
export type GuardWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & { history: Pick<History, 'state' | 'go'> };

interface Installed {
  guards: Set<Guard>;
  /** The next navigation call passes unasked (the editor's own, after a save or a delete). */
  passNext: boolean;
  /** Popstate reports to let through (a move agreed to), and to swallow (our own undoing). */
  passPops: number;
  swallowPops: number;
  /** The history index shown, as of the last navigation let through. */
  index: number | undefined;
  uninstall: () => void;
}

const installed = new WeakMap<MovingNavigator, Installed>();

const indexOf = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

function holding(s: Installed): Guard | undefined {
  for (const g of s.guards) if (g.holds()) return g;
  return undefined;
}

function install(navigator: MovingNavigator, win: GuardWindow): Installed {
  const original = { push: navigator.push, replace: navigator.replace, go: navigator.go };
  const s: Installed = { guards: new Set(), passNext: false, passPops: 0, swallowPops: 0, index: indexOf(win.history.state), uninstall: () => undefined };
  const afterMove = () => {
    s.index = indexOf(win.history.state);
  };
  const wrap = <A extends unknown[]>(run: (...args: A) => void, pops: boolean) =>
    (...args: A) => {
      const guard = s.passNext ? undefined : holding(s);
      s.passNext = false;
      const go = () => {
        if (pops) s.passPops++;
        run(...args);
        afterMove();
      };
      if (guard) guard.ask(go);
      else go();
    };
  navigator.push = wrap(original.push as (...args: unknown[]) => void, false);
  navigator.replace = wrap(original.replace as (...args: unknown[]) => void, false);
  navigator.go = wrap(original.go, true);

  const onPop = (event: Event) => {
    if (s.swallowPops > 0) {
      s.swallowPops--;
      event.stopImmediatePropagation();
      return;
    }
    const to = indexOf((event as PopStateEvent).state);
    const guard = s.passPops > 0 ? undefined : holding(s);
    if (s.passPops > 0) s.passPops--;
    const from = s.index;
    if (!guard || to === undefined || from === undefined || to === from) {
      s.index = to;
      return;
    }
    // Back where we were, then ask; agreeing takes the same step again.
    event.stopImmediatePropagation();
    const delta = from - to;
    s.swallowPops++;
    win.history.go(delta);
    guard.ask(() => {
      s.passPops++;
      win.history.go(-delta);
    });
  };
  const onUnload = (event: BeforeUnloadEvent) => {
    if (!holding(s)) return;
    // Every current browser asks on preventDefault (returnValue is the deprecated way).
    event.preventDefault();
  };
  popHandlersOf(win).add(onPop);
  win.addEventListener('beforeunload', onUnload);
  s.uninstall = () => {
    Object.assign(navigator, original);
    popHandlersOf(win).delete(onPop);
    win.removeEventListener('beforeunload', onUnload);
    installed.delete(navigator);
  };
  return s;
}

/** Holds the navigations of `navigator` (and the tab's closing) while `guard` holds; answers how
 * to stop. Several guards may be on at once: the first that holds asks. */
export function guardNavigation(navigator: MovingNavigator, guard: Guard, win: GuardWindow = window): () => void {
  let s = installed.get(navigator);
  if (!s) {
    s = install(navigator, win);
    installed.set(navigator, s);
  }
  const state = s;
  state.guards.add(guard);
  return () => {
    state.guards.delete(guard);
    if (state.guards.size === 0) state.uninstall();
  };
}

/** Lets the next navigation of `navigator` through unasked: an editor's own move after it saved
 * or deleted what was being edited. */
export function passNextNavigation(navigator: MovingNavigator): void {
  const s = installed.get(navigator);
  if (s) s.passNext = true;
}
