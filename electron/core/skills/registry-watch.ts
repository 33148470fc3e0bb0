import fs from 'node:fs';
import path from 'node:path';
import { readFileBytes, SKILL_FILE_NAMES, type FoundLink } from './discover';
import { realRoot, rescanPointFor, type LinkState, type RootState } from './root-state';
import { changeToken } from './skill-entry';
import { watchRoot, type RootWatcher, type WatchEvent } from './watch';
import { isInside } from '../fs/inside';

// Follows the registry's source folders on disk: one watcher per source folder and per linked real
// folder (watch.ts), their events turned into folders to search again, debounced and handed to the
// registry's reload queue, and a re-read a while after each reload for the changes chokidar dropped.

/** When a reloaded file is read again (see `verify`): after chokidar's 50 ms change throttle. */
const VERIFY_AFTER_MS = 120;

const SKILL_FILES: ReadonlySet<string> = new Set(SKILL_FILE_NAMES);

/** Folders to search again, by source folder. */
export type ReloadPoints = Map<RootState, Set<string>>;

export interface RegistryWatchOptions {
  maxDepth: number;
  /** A changed file is read once nothing happened to it for this long. */
  debounceMs: number;
  /** The longest a burst of events can delay a reload. */
  maxDelayMs: number;
  pollMs?: number;
  onError: (error: unknown) => void;
  /** Searches these folders again, in turn with the registry's other reloads. */
  reload: (points: ReloadPoints, reason: string) => Promise<unknown>;
}

export interface RegistryWatch {
  /** Watches these source folders and, from now on, every linked folder a search enters. */
  start(states: readonly RootState[]): void;
  /** Watches these source folders too, once `start` was called (a folder added by `setRoots`). */
  add(states: readonly RootState[]): void;
  /** The links found at or below `scope` replace those known there; gone ones stop being watched. */
  syncLinks(state: RootState, scope: string, found: readonly FoundLink[]): void;
  /** Forgets these source folders (`setRoots` dropped them): their late events are ignored. */
  drop(states: readonly RootState[]): Promise<void>;
  /** How many paths the watchers of these source folders watch now. */
  watchedPaths(states: readonly RootState[]): number;
  /** Resolves when every watcher started so far is set up. */
  ready(): Promise<void>;
  /**
   * For what changed before the watchers were set up: reloads the skill folders a search just `found`
   * that are not listed, and the listed ones whose SKILL.md differs from what was read (or is gone).
   */
  catchUp(state: RootState, found: readonly string[]): Promise<void>;
  close(states: readonly RootState[]): Promise<void>;
}

export function createRegistryWatch(options: RegistryWatchOptions): RegistryWatch {
  const { maxDepth, debounceMs, maxDelayMs, onError } = options;
  let watching = false;
  let closed = false;
  let watchersReady: Promise<void> = Promise.resolve();

  // Watcher events wait here until they have been quiet for `debounceMs`.
  const pending: ReloadPoints = new Map();
  let timer: NodeJS.Timeout | undefined;
  let firstPendingAt = 0;
  const verifying = new Set<NodeJS.Timeout>();
  const described: string[] = [];

  function onWatchEvent(state: RootState, event: WatchEvent, p: string) {
    if (state.dropped || closed) return;
    const { root } = state;
    const base = path.basename(p);
    let point: string | undefined;
    if (event === 'addDir' || event === 'unlinkDir') point = p;
    else if (SKILL_FILES.has(base)) point = path.dirname(p);
    else if (
      event === 'unlink' &&
      (state.links.has(p) || [...state.entries.keys()].some((d) => isInside(p, d)))
    )
      point = p; // a symlink to a folder was removed
    else {
      // another file: it matters only inside a skill's phases/ folder
      const skill = rescanPointFor(state, path.dirname(p));
      if (state.entries.has(skill) && path.relative(skill, p).split(path.sep)[0] === 'phases') point = skill;
    }
    if (point === undefined) return;
    pending.set(state, (pending.get(state) ?? new Set()).add(point));
    if (described.length < 3) {
      const rel = path.relative(root.dir, p).split(path.sep).join('/') || path.basename(root.dir);
      described.push(
        `${rel} ${event === 'unlink' || event === 'unlinkDir' ? 'removed' : event === 'change' ? 'changed' : 'added'}`,
      );
    }
    const now = Date.now();
    if (!timer) firstPendingAt = now;
    clearTimeout(timer);
    // quiet for debounceMs, but never held back longer than maxDelayMs by a stream of events
    timer = setTimeout(flush, Math.max(0, Math.min(debounceMs, firstPendingAt + maxDelayMs - now)));
  }

  function flush() {
    timer = undefined;
    if (pending.size === 0) return;
    const points = new Map(pending);
    pending.clear();
    const reason = `on disk: ${described.splice(0).join(', ')}`;
    options
      .reload(points, reason)
      .then(() => {
        if (closed) return;
        const check = setTimeout(() => {
          verifying.delete(check);
          verify(points).catch(onError);
        }, VERIFY_AFTER_MS);
        verifying.add(check);
      })
      .catch(onError);
  }

  /**
   * chokidar drops a second change of a file within 50 ms of the first: the last write of a quick burst
   * can go unreported. So a while after each reload the files are read again, and any that differ
   * from what was loaded (a write raced the read, or its event was dropped) count as changed.
   */
  async function verify(points: ReloadPoints) {
    for (const [state, paths] of points) {
      if (state.dropped) continue;
      for (const p of paths) {
        const dir = rescanPointFor(state, p);
        const entry = state.entries.get(dir);
        let stale: boolean;
        try {
          stale = entry
            ? changeToken(await readFileBytes(entry.file)) !== entry.token
            : SKILL_FILE_NAMES.some((f) => fs.existsSync(path.join(dir, f)));
        } catch {
          stale = true; // it was listed and its file is gone
        }
        if (stale && !closed) onWatchEvent(state, 'change', entry?.file ?? path.join(dir, 'SKILL.md'));
      }
    }
  }

  /** Watchers started since the last `ready()`: it waits for them all. */
  function track(watcher: RootWatcher) {
    const earlier = watchersReady;
    watchersReady = Promise.all([earlier, watcher.ready]).then(() => undefined);
  }

  function add(toWatch: readonly RootState[]) {
    if (!watching) return;
    for (const state of toWatch) {
      if (state.refused || state.root.problem) continue;
      const watcher = watchRoot(state.root.dir, {
        // skill folder (maxDepth) + phases/actions/ below it
        depth: maxDepth + 2,
        budget: state.budget,
        onEvent: (event, p) => onWatchEvent(state, event, p),
        onError,
        ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
      });
      state.watcher = watcher;
      track(watcher);
      for (const [dir, link] of state.links) watchLink(state, dir, link);
    }
  }

  /** A linked folder's own watcher (the source folder's does not follow links), unless one watches it. */
  function watchLink(state: RootState, dir: string, link: LinkState) {
    if (!watching || closed || state.dropped || link.watcher || link.realDir === realRoot(state)) return;
    for (const other of state.links.values()) if (other.watcher && other.realDir === link.realDir) return;
    link.watcher = watchRoot(link.realDir, {
      depth: Math.max(0, maxDepth + 2 - link.depth),
      reportAs: dir,
      budget: state.budget,
      onEvent: (event, p) => onWatchEvent(state, event, p),
      onError,
    });
    track(link.watcher);
  }

  function syncLinks(state: RootState, scope: string, found: readonly FoundLink[]) {
    const now = new Map(found.map((l) => [l.dir, l]));
    for (const [dir, link] of state.links) {
      if (!isInside(scope, dir) || now.get(dir)?.realDir === link.realDir) continue;
      void link.watcher?.close();
      state.links.delete(dir);
      // what it watched no longer counts against the folder's budget
      for (const p of state.budget.watched) if (isInside(link.realDir, p)) state.budget.watched.delete(p);
    }
    for (const l of found) {
      if (state.links.has(l.dir)) continue;
      const link = { realDir: l.realDir, depth: l.depth };
      state.links.set(l.dir, link);
      watchLink(state, l.dir, link);
    }
  }

  async function closeWatchers(state: RootState) {
    await Promise.all([state.watcher?.close(), ...[...state.links.values()].map((l) => l.watcher?.close())]);
  }

  return {
    start(states) {
      watching = true;
      add(states);
    },
    add,
    syncLinks,
    async drop(gone) {
      for (const state of gone) {
        state.dropped = true;
        pending.delete(state);
      }
      await Promise.all(gone.map(closeWatchers));
    },
    watchedPaths: (states) =>
      states.reduce(
        (n, s) =>
          n +
          (s.watcher?.watchedPaths() ?? 0) +
          [...s.links.values()].reduce((m, l) => m + (l.watcher?.watchedPaths() ?? 0), 0),
        0,
      ),
    ready: () => watchersReady,
    async catchUp(state, found) {
      if (state.dropped || closed) return;
      for (const dir of found) if (!state.entries.has(dir)) onWatchEvent(state, 'addDir', dir);
      await verify(new Map([[state, new Set(state.entries.keys())]]));
    },
    async close(states) {
      closed = true;
      clearTimeout(timer);
      for (const check of verifying) clearTimeout(check);
      await Promise.all(states.map(closeWatchers));
    },
  };
}
