// The first popstate listener of the window, added as the app loads (App.tsx), before the router
// adds its own: a window's listeners run in the order they were added, capture or not, so this is
// the one place that sees back and forward before the router does. It runs the handlers of the
// editors' leave guards (leaveGuard.ts, loaded with the editors); with none, it does nothing.

/** Per window, the handlers run on popstate, in the order added. */
const handlers = new WeakMap<object, Set<(event: Event) => void>>();

/** The handlers of `win`'s first listener. */
export function popHandlersOf(win: object): Set<(event: Event) => void> {
  let set = handlers.get(win);
  if (!set) handlers.set(win, (set = new Set()));
  return set;
}

/** Adds the listener: call before the router starts (it listens when it first renders). Once per
 * window. */
export function listenBeforeTheRouter(win: Pick<Window, 'addEventListener'> = window): void {
  if (handlers.has(win)) return;
  const set = popHandlersOf(win);
  win.addEventListener('popstate', (event) => {
    for (const handle of [...set]) handle(event);
  });
}
