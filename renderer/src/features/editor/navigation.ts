import { isRouteHash } from './route';

/**
 * The dashboard's address (the URL hash) as the views see it, with a way for a page to hold a change of
 * it while it asks the user first (unsaved edits).
 *
 * A `hashchange` is heard after the URL already changed, so the views do not read `location.hash`:
 * they read `hash()`, which a held change does not reach. Each history entry gets its position in
 * `history.state`, so "stay" can undo exactly what happened: `history.go(-n)` back over a link followed
 * (or forward again after the back button), not a new entry. Landing back on the shown hash is never
 * held, so restoring it does not ask again.
 *
 * Both `popstate` and `hashchange` are heard (going back to the entry without a hash fires only the
 * first in Chromium); the second of a pair, same hash and entry, changes nothing.
 */

/** Asked about each change of the hash while it is registered: true holds it. */
export type Blocker = (to: string, from: string) => boolean;

/** What of `window` this needs (a fake in tests). */
export interface NavigationWindow {
  location: { hash: string };
  history: {
    readonly state: unknown;
    replaceState(data: unknown, unused: string, url?: string): void;
    go(delta: number): void;
  };
  addEventListener(type: 'hashchange' | 'popstate', listener: () => void): void;
  removeEventListener(type: 'hashchange' | 'popstate', listener: () => void): void;
}

export interface Navigation {
  /** The hash the views show: the URL's, except while a change is held. */
  hash(): string;
  /** The change being held (the URL already shows it), or null. */
  pending(): string | null;
  subscribe(listener: () => void): () => void;
  /** Registers a blocker; the function returned removes it. */
  block(blocker: Blocker): () => void;
  /** Lets the held change through. */
  proceed(): void;
  /** Drops the held change and puts the URL back to the shown hash. */
  stay(): void;
  /** Goes to `hash` without asking any blocker (after a delete: nothing is left to save). */
  navigate(hash: string, options?: { force?: boolean }): void;
  /** Stops listening (tests). */
  dispose(): void;
}

const INDEX_KEY = 'skilldeckHistoryIndex';

export function createNavigation(win: NavigationWindow): Navigation {
  const listeners = new Set<() => void>();
  const blockers = new Set<Blocker>();
  const initial = win.location.hash;
  let shown = isRouteHash(initial) ? initial : '';
  let shownIndex = indexOf(win.history.state) ?? stamp(0);
  let urlIndex = shownIndex;
  let urlHash = initial;
  let held: { to: string; index: number } | null = null;
  let allowed: string | null = null;

  function indexOf(state: unknown): number | null {
    const value = state && typeof state === 'object' ? (state as Record<string, unknown>)[INDEX_KEY] : null;
    return typeof value === 'number' ? value : null;
  }

  function stamp(index: number): number {
    const state = win.history.state;
    const base = state && typeof state === 'object' ? state : {};
    win.history.replaceState({ ...base, [INDEX_KEY]: index }, '');
    return index;
  }

  const emit = () => {
    for (const listener of [...listeners]) listener();
  };

  function onHashChange() {
    const to = win.location.hash;
    const index = indexOf(win.history.state);
    if (to === urlHash && index === urlIndex) return; // heard already (the other event of the two)
    urlHash = to;
    // an entry without a position is new (a link followed, `location.hash` set): one after the last
    urlIndex = index ?? stamp(urlIndex + 1);
    if (to === shown || !isRouteHash(to)) {
      // back on the page shown (a "stay" undone, the back button while asked), or an anchor in it
      if (to === shown) shownIndex = urlIndex;
      if (held) {
        held = null;
        emit();
      }
      return;
    }
    if (allowed !== to && [...blockers].some((blocker) => blocker(to, shown))) {
      held = { to, index: urlIndex };
      emit();
      return;
    }
    allowed = null;
    held = null;
    shown = to;
    shownIndex = urlIndex;
    emit();
  }

  win.addEventListener('hashchange', onHashChange);
  win.addEventListener('popstate', onHashChange);

  return {
    hash: () => shown,
    pending: () => held?.to ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    block(blocker) {
      blockers.add(blocker);
      return () => blockers.delete(blocker);
    },
    proceed() {
      if (!held) return;
      shown = held.to;
      shownIndex = held.index;
      held = null;
      emit();
    },
    stay() {
      if (!held) return;
      held = null;
      emit();
      const delta = shownIndex - urlIndex;
      if (delta !== 0) win.history.go(delta);
      // same entry (the hash was replaced, not pushed): put it back in place, without an event
      else {
        win.history.replaceState(win.history.state, '', shown || '#');
        urlHash = win.location.hash;
      }
    },
    navigate(hash, options = {}) {
      if (hash === win.location.hash) return;
      if (options.force) allowed = hash;
      win.location.hash = hash;
    },
    dispose() {
      win.removeEventListener('hashchange', onHashChange);
      win.removeEventListener('popstate', onHashChange);
      listeners.clear();
      blockers.clear();
    },
  };
}

let appNavigation: Navigation | null = null;

/** The dashboard's one navigation, listening to `window` from its first use. */
export function navigation(): Navigation {
  return (appNavigation ??= createNavigation(window));
}
