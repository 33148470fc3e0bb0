import { afterEach, describe, expect, it } from 'vitest';
import { createNavigation, type Navigation, type NavigationWindow } from './navigation';
import { leavesEditor, skillIdFromHash } from './route';

/**
 * A tab's history of one page: entries of hashes, events fired a task later, as Chromium does: a link
 * followed fires `popstate` and `hashchange`, going back or forward `popstate` and, unless the entry
 * has no hash, `hashchange`.
 */
function fakeWindow(start: string) {
  const entries: { hash: string; state: unknown }[] = [{ hash: start, state: null }];
  let at = 0;
  const listeners = { hashchange: new Set<() => void>(), popstate: new Set<() => void>() };
  const fire = () =>
    setTimeout(() => {
      listeners.popstate.forEach((l) => l());
      if (entries[at]!.hash !== '') listeners.hashchange.forEach((l) => l());
    }, 0);
  const win: NavigationWindow = {
    location: {
      get hash() {
        return entries[at]!.hash;
      },
      set hash(hash: string) {
        if (hash === entries[at]!.hash) return;
        entries.splice(at + 1, Infinity, { hash, state: null });
        at++;
        fire();
      },
    },
    history: {
      get state() {
        return entries[at]!.state;
      },
      replaceState(state, _unused, url) {
        entries[at] = { hash: url ?? entries[at]!.hash, state };
      },
      go(delta) {
        const target = Math.min(Math.max(at + delta, 0), entries.length - 1);
        const changed = entries[target]!.hash !== entries[at]!.hash;
        at = target;
        if (changed) fire();
      },
    },
    addEventListener: (type, listener) => void listeners[type].add(listener),
    removeEventListener: (type, listener) => void listeners[type].delete(listener),
  };
  return {
    win,
    /** The user following a link. */
    follow: (hash: string) => (win.location.hash = hash),
    back: () => win.history.go(-1),
    forward: () => win.history.go(1),
    hashes: () => entries.map((e) => e.hash),
    at: () => at,
    url: () => entries[at]!.hash,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

let nav: Navigation | null = null;
afterEach(() => nav?.dispose());

function setup(start = '#/skills', dirty = { value: true }) {
  const tab = fakeWindow(start);
  nav = createNavigation(tab.win);
  const seen: string[] = [];
  nav.subscribe(() => seen.push(`${nav!.hash()} ${nav!.pending() ?? '-'}`));
  // the editor's blocker: leaving #/skills/notes while there are unsaved edits
  const unblock = nav.block(
    (to, from) => skillIdFromHash(from) === 'notes' && leavesEditor(to, 'notes') && dirty.value,
  );
  return { tab, nav, seen, dirty, unblock };
}

describe('navigation guard', () => {
  it('passes every change through while nothing is unsaved', async () => {
    const { tab, nav } = setup('#/skills', { value: false });
    tab.follow('#/skills/notes');
    await tick();
    expect(nav.hash()).toBe('#/skills/notes');
    tab.follow('#/runs');
    await tick();
    expect(nav.hash()).toBe('#/runs');
    expect(nav.pending()).toBeNull();
  });

  it('holds a link followed away from a dirty editor; stay goes back one entry, not a new one', async () => {
    const { tab, nav } = setup();
    tab.follow('#/skills/notes');
    await tick();
    tab.follow('#/runs');
    await tick();
    expect(nav.hash()).toBe('#/skills/notes'); // the views still show the editor
    expect(nav.pending()).toBe('#/runs');
    expect(tab.url()).toBe('#/runs'); // the URL already changed

    nav.stay();
    expect(nav.pending()).toBeNull();
    await tick();
    expect(tab.url()).toBe('#/skills/notes');
    expect(nav.hash()).toBe('#/skills/notes');
    expect(nav.pending()).toBeNull(); // landing back is not asked about again
    expect(tab.hashes()).toEqual(['#/skills', '#/skills/notes', '#/runs']);
    expect(tab.at()).toBe(1);
  });

  it('proceed shows the held page; the back button then works as usual', async () => {
    const { tab, nav, dirty } = setup();
    tab.follow('#/skills/notes');
    await tick();
    tab.follow('#/memos');
    await tick();
    nav.proceed();
    expect(nav.hash()).toBe('#/memos');
    expect(nav.pending()).toBeNull();
    dirty.value = false;
    tab.back();
    await tick();
    expect(nav.hash()).toBe('#/skills/notes');
  });

  it('holds the back button too; stay goes forward again to the editor', async () => {
    const { tab, nav } = setup();
    tab.follow('#/skills/notes');
    await tick();
    tab.back();
    await tick();
    expect(nav.pending()).toBe('#/skills');
    expect(nav.hash()).toBe('#/skills/notes');
    nav.stay();
    await tick();
    expect(tab.url()).toBe('#/skills/notes');
    expect(tab.at()).toBe(1);
    expect(nav.pending()).toBeNull();
    // the entry behind is still there
    expect(tab.hashes()).toEqual(['#/skills', '#/skills/notes']);
  });

  it('holds going back to the first entry, which has no hash (only popstate is fired)', async () => {
    const { tab, nav } = setup('');
    tab.follow('#/skills/notes');
    await tick();
    tab.back();
    await tick();
    expect(tab.url()).toBe('');
    expect(nav.pending()).toBe('');
    nav.stay();
    await tick();
    expect(tab.url()).toBe('#/skills/notes');
    expect(nav.hash()).toBe('#/skills/notes');
  });

  it('the user going back to the editor while asked is the same as staying', async () => {
    const { tab, nav } = setup();
    tab.follow('#/skills/notes');
    await tick();
    tab.follow('#/runs');
    await tick();
    expect(nav.pending()).toBe('#/runs');
    tab.back();
    await tick();
    expect(nav.pending()).toBeNull();
    expect(nav.hash()).toBe('#/skills/notes');
  });

  it('the same skill and a place in the page (the skip link) are not leaving', async () => {
    const { tab, nav } = setup('#/skills/notes');
    tab.follow('#/skills/notes/');
    await tick();
    expect(nav.pending()).toBeNull();
    tab.follow('#main');
    await tick();
    expect(nav.pending()).toBeNull();
    expect(nav.hash()).toBe('#/skills/notes/'); // the views stay on the editor
    tab.follow('#/skills/other');
    await tick();
    expect(nav.pending()).toBe('#/skills/other');
  });

  it('a forced navigation (after a delete) is not held', async () => {
    const { tab, nav } = setup('#/skills/notes');
    nav.navigate('#/skills', { force: true });
    await tick();
    expect(nav.hash()).toBe('#/skills');
    expect(tab.url()).toBe('#/skills');
    expect(nav.pending()).toBeNull();
  });

  it('numbers the entries in history.state, keeping what else is there, so a reload knows its place', async () => {
    const tab = fakeWindow('#/skills');
    tab.win.history.replaceState({ other: 1 }, '');
    nav = createNavigation(tab.win);
    expect(tab.win.history.state).toEqual({ other: 1, skilldeckHistoryIndex: 0 });
    tab.follow('#/runs');
    await tick();
    expect(tab.win.history.state).toEqual({ skilldeckHistoryIndex: 1 });
    nav.dispose();
    // a reload: the entry keeps its number
    nav = createNavigation(tab.win);
    tab.back();
    await tick();
    expect(nav.hash()).toBe('#/skills');
  });

  it('a blocker removed no longer holds anything', async () => {
    const { tab, nav, unblock } = setup('#/skills/notes');
    unblock();
    tab.follow('#/runs');
    await tick();
    expect(nav.hash()).toBe('#/runs');
  });
});
