import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../shared/ipc/result';
import type { SkillResource } from '../../../shared/types/skill';
import type { Finding } from '../../../shared/types/finding';
import {
  discoverSkills,
  isSearchedFolder,
  MAX_FOLDERS_SEARCHED,
  MAX_SKILL_DEPTH,
  readFileBytes,
  SKILL_FILE_NAMES,
  type FoundLink,
} from './discover';
import type { LoadedSkillFile } from './load';
import { listResources, readResource, type ResourceFile } from './resources';
import {
  contentHash,
  loadSkill,
  parseSkill,
  readSkillLayout,
  type LoadedSkill,
  type SkillEntry,
} from './skill-entry';
import type { SourceRoot } from './sources';
import { newWatchBudget, watchRoot, type RootWatcher, type WatchBudget, type WatchEvent } from './watch';
import { isInside } from '../fs/inside';
import { pseudoFilesystem } from '../fs/pseudo-fs';
import { rootFindingsOf } from './root-findings';
import {
  changedIds,
  EMPTY_INDEX,
  indexSkills,
  listingSignatures,
  type ListingSignatures,
  type SkillIndex,
} from './skill-index';

export type { SkillEntry } from './skill-entry';

export interface RegistryChange {
  /** For people: what happened, e.g. `translate changed on disk`. */
  reason: string;
  /** The ids whose listing changed (added, removed, edited, shadowed or revealed). */
  ids: string[];
}

export interface SkillRegistryOptions {
  /** Highest precedence first (see `resolveSourceRoots`). */
  roots: readonly SourceRoot[];
  /** Follow changes on disk with chokidar. Off for one-shot readers (the CLI). */
  watch?: boolean;
  /** A changed file is read once nothing happened to it for this long (a writer may still be busy). */
  debounceMs?: number;
  /** The longest a burst of events can delay a reload. */
  maxDelayMs?: number;
  maxDepth?: number;
  /** Folders read per search of a source folder (discover.ts MAX_FOLDERS_SEARCHED). */
  maxFoldersSearched?: number;
  /** Paths watched per source folder, its linked folders included. */
  maxWatchedPaths?: number;
  /** How often a source folder that does not exist yet is looked for. */
  pollMs?: number;
  onError?: (error: unknown) => void;
}

/** A skill read for use: its body and full definition, from the file as it is now. */
export interface ActivatedSkill {
  entry: SkillEntry;
  /** The file's text as stored (a BOM kept). */
  text: string;
  hash: string;
  loaded: LoadedSkillFile;
}

export interface SkillRegistry {
  readonly roots: readonly SourceRoot[];
  /** Reads every source folder the first time it is called (and starts watching, when asked). */
  ready(): Promise<void>;
  /** Every skill found, by precedence then path; shadowed ones included. Call after `ready()`. */
  list(): readonly SkillEntry[];
  /** The skill that answers to `id` (the one of highest precedence). */
  get(id: string): SkillEntry | undefined;
  /** The skill whose folder is `dir`, shadowed or not. */
  entryAt(dir: string): SkillEntry | undefined;
  /** Like `get`, but checked against the disk first: NOT_FOUND when it is gone, found when just created. */
  require(id: string): Promise<SkillEntry>;
  /** Reads the skill's file now (body, definition), updating the listing if it changed meanwhile. */
  activate(id: string): Promise<ActivatedSkill>;
  activateEntry(entry: SkillEntry): Promise<ActivatedSkill>;
  listResources(id: string): Promise<SkillResource[]>;
  /** One file of the skill folder, confined to it. */
  readResource(id: string, relPath: string): Promise<ResourceFile>;
  /** Re-reads these folders now (after the app wrote them) and reports what changed. */
  reload(dirs: readonly string[], reason: string): Promise<RegistryChange | null>;
  /**
   * Searches these source folders from now on (a folder added or removed in Settings): new ones are
   * read and watched, gone ones forgotten and no longer watched, kept ones keep their skills.
   */
  setRoots(roots: readonly SourceRoot[], reason: string): Promise<RegistryChange | null>;
  onChange(listener: (change: RegistryChange) => void): () => void;
  /** What went wrong with a source folder itself (refused, searched or watched only in part). */
  rootFindings(dir: string): Finding[];
  /** How many paths the watchers watch now, every source folder and linked folder together. */
  watchedPaths(): number;
  /** Resolves when the watchers are set up (tests wait for it before touching files). */
  watching(): Promise<void>;
  close(): Promise<void>;
}

/** Paths watched per source folder by default: far more than a folder of skills has. */
export const MAX_WATCHED_PATHS = 20_000;

/** When a reloaded file is read again (see `verify`): after chokidar's 50 ms change throttle. */
const VERIFY_AFTER_MS = 120;
/** Parsed skills kept for activation (a run re-reads the file and hashes it; parsing is skipped on a hit). */
const ACTIVATED_CACHE_SIZE = 64;

const SKILL_FILES: ReadonlySet<string> = new Set(SKILL_FILE_NAMES);

/** One source folder being searched: its skills by folder, and its watchers when watching. */
interface RootState {
  root: SourceRoot;
  entries: Map<string, SkillEntry>;
  watcher?: RootWatcher;
  /** The symlinked folders the search entered, by where the link is; each real folder watched once. */
  links: Map<string, { realDir: string; depth: number; watcher?: RootWatcher }>;
  budget: WatchBudget;
  /** The last full search stopped at the folder limit. */
  truncated: boolean;
  /** On a kernel filesystem (`/proc`…): neither searched nor watched. */
  refused: string | null;
  /** Set once `setRoots` dropped it: its late watcher events and reloads are ignored. */
  dropped: boolean;
}

const sameSource = (a: SourceRoot, b: SourceRoot) => a.kind === b.kind && a.namespace === b.namespace;

export function createSkillRegistry(options: SkillRegistryOptions): SkillRegistry {
  const maxDepth = options.maxDepth ?? MAX_SKILL_DEPTH;
  const maxFolders = options.maxFoldersSearched ?? MAX_FOLDERS_SEARCHED;
  const maxWatched = options.maxWatchedPaths ?? MAX_WATCHED_PATHS;
  const debounceMs = options.debounceMs ?? 60;
  const maxDelayMs = options.maxDelayMs ?? 400;
  const onError = options.onError ?? (() => undefined);

  const newState = (root: SourceRoot): RootState => ({
    root,
    entries: new Map(),
    links: new Map(),
    budget: newWatchBudget(maxWatched),
    truncated: false,
    refused: pseudoFilesystem(root.dir),
    dropped: false,
  });
  /** By precedence, highest first. */
  let states: RootState[] = options.roots.map(newState);
  let index: SkillIndex = EMPTY_INDEX;
  const listeners = new Set<(change: RegistryChange) => void>();
  let watching = false;
  let initial: Promise<void> | undefined;
  let watchersReady: Promise<void> = Promise.resolve();
  let closed = false;

  // Watcher events wait here until they have been quiet for `debounceMs`.
  const pending = new Map<RootState, Set<string>>();
  let timer: NodeJS.Timeout | undefined;
  let firstPendingAt = 0;
  const verifying = new Set<NodeJS.Timeout>();
  /** Reloads run one at a time, in order. */
  let queue: Promise<unknown> = Promise.resolve();

  /** Precedence, shadowing and real-path dedupe over every root (skill-index.ts). */
  const merge = () => {
    index = indexSkills(states.map((s) => s.entries.values()));
  };

  async function scanRoot(state: RootState) {
    const { root, entries } = state;
    if (state.refused) return;
    const loading: Promise<LoadedSkill | null>[] = [];
    const found = await discoverSkills(root.dir, {
      maxDepth,
      maxFolders,
      onFound: (f) => loading.push(loadSkill(root, f)),
    });
    const loaded = await Promise.all(loading);
    entries.clear();
    for (const l of loaded) if (l) entries.set(l.entry.dir, l.entry);
    state.truncated = found.truncated;
    syncLinks(state, root.dir, found.links);
  }

  function ready(): Promise<void> {
    initial ??= (async () => {
      if (options.watch) {
        watching = true;
        startWatching(states);
      }
      await Promise.all(states.map(scanRoot));
      merge();
    })();
    return initial;
  }

  /** The folder to search again for a path that changed in a source folder. */
  function rescanPointFor({ root, entries }: RootState, p: string): string {
    for (let dir = p; isInside(root.dir, dir); dir = path.dirname(dir)) {
      if (entries.has(dir)) return dir; // inside a known skill: that skill
      if (dir === root.dir) break;
    }
    return p;
  }

  /**
   * Whether discovery would search `dir` of a source folder: each folder on the way passes the rule, and
   * a symlink on the way is one it follows (not back into the source folder, nor onto /proc…).
   */
  function searched(state: RootState, dir: string): boolean {
    const { root, entries } = state;
    const parts = path.relative(root.dir, dir).split(path.sep).filter(Boolean);
    if (parts.length > maxDepth) return false;
    let parent = root.dir;
    for (const name of parts) {
      const parentIsSkill =
        entries.has(parent) || SKILL_FILE_NAMES.some((f) => fs.existsSync(path.join(parent, f)));
      if (!isSearchedFolder(name, parentIsSkill)) return false;
      parent = path.join(parent, name);
      if (!followedLink(state, parent)) return false;
    }
    return true;
  }

  /** False for a symlink discovery does not follow; true for anything else (a folder, a gone path). */
  function followedLink(state: RootState, p: string): boolean {
    try {
      if (!fs.lstatSync(p).isSymbolicLink()) return true;
      const real = fs.realpathSync(p);
      const rootReal = realRoot(state);
      return !isInside(rootReal, real) && !isInside(real, rootReal) && pseudoFilesystem(real) === null;
    } catch {
      return true;
    }
  }

  /**
   * Searches `start` (and below) of a source folder again, replacing what was known there — also what
   * was reached there by another way (a link), so one real folder never stays listed twice.
   */
  async function rescan(state: RootState, start: string) {
    const { root, entries } = state;
    if (state.refused) return;
    let realStart = start;
    try {
      realStart = fs.realpathSync(start);
    } catch {
      // gone: what was listed at or below it goes
    }
    // a path discovery does not search (a link back into the folder…) holds nothing, and hides nothing
    const isSearched = searched(state, start);
    for (const [dir, entry] of [...entries]) {
      if (isInside(start, dir) || (isSearched && isInside(realStart, entry.realDir))) entries.delete(dir);
    }
    const depth = start === root.dir ? 0 : path.relative(root.dir, start).split(path.sep).length;
    if (!isSearched) return syncLinks(state, start, []);
    const found = await discoverSkills(start, { depth, maxDepth, maxFolders, within: realRoot(state) });
    for (const l of await Promise.all(found.skills.map((f) => loadSkill(root, f)))) {
      if (l) entries.set(l.entry.dir, l.entry);
    }
    if (start === root.dir) state.truncated = found.truncated;
    syncLinks(state, start, found.links);
  }

  function realRoot({ root }: RootState): string {
    try {
      return fs.realpathSync(root.dir);
    } catch {
      return root.dir;
    }
  }

  async function reloadNow(
    points: Map<RootState, Set<string>>,
    reason: string,
  ): Promise<RegistryChange | null> {
    await ready();
    const before = listingSignatures(index.list);
    for (const [state, paths] of points) {
      if (state.dropped) continue;
      const starts = [...new Set([...paths].map((p) => rescanPointFor(state, p)))].sort();
      // a folder inside another one being searched again is covered by it
      const outer = starts.filter((s, i) => !starts.slice(0, i).some((o) => isInside(o, s)));
      for (const start of outer) await rescan(state, start);
    }
    merge();
    return announce(before, reason);
  }

  /** Tells the listeners which ids a change of the listing touched (none: nothing to say). */
  function announce(before: ListingSignatures, reason: string): RegistryChange | null {
    const ids = changedIds(before, listingSignatures(index.list));
    if (ids.length === 0) return null;
    const change = { reason, ids };
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        onError(error);
      }
    }
    return change;
  }

  /** Serialised so two reloads never interleave their reads and merges. */
  function serially<T>(job: () => Promise<T>): Promise<T | null> {
    const run = queue.then(() => (closed ? null : job()));
    queue = run.catch(onError);
    return run;
  }

  const enqueue = (points: Map<RootState, Set<string>>, reason: string) =>
    serially(() => reloadNow(points, reason));

  function reload(dirs: readonly string[], reason: string) {
    const points = new Map<RootState, Set<string>>();
    for (const dir of dirs) {
      const abs = path.resolve(dir);
      for (const state of states) {
        if (isInside(state.root.dir, abs)) points.set(state, (points.get(state) ?? new Set()).add(abs));
      }
    }
    return enqueue(points, reason);
  }

  async function setRootsNow(next: readonly SourceRoot[], reason: string): Promise<RegistryChange | null> {
    await ready();
    const before = listingSignatures(index.list);
    const current = new Map(states.map((s) => [s.root.dir, s]));
    const nextStates = next.map((root) => {
      const kept = current.get(root.dir);
      if (kept && sameSource(kept.root, root)) {
        current.delete(root.dir);
        kept.root = root;
        for (const entry of kept.entries.values()) entry.precedence = root.precedence;
        return kept;
      }
      return newState(root);
    });
    // what is left of the current ones is gone
    for (const gone of current.values()) {
      gone.dropped = true;
      pending.delete(gone);
    }
    await Promise.all([...current.values()].map(closeWatchers));
    if (closed) return null;
    const added = nextStates.filter((s) => !states.includes(s));
    states = nextStates;
    if (watching) startWatching(added);
    await Promise.all(added.map(scanRoot));
    merge();
    return announce(before, reason);
  }

  // ---- watching -------------------------------------------------------------------------------------

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
    enqueue(points, reason)
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
  async function verify(points: Map<RootState, Set<string>>) {
    for (const [state, paths] of points) {
      if (state.dropped) continue;
      for (const p of paths) {
        const dir = rescanPointFor(state, p);
        const entry = state.entries.get(dir);
        let stale: boolean;
        try {
          stale = entry
            ? contentHash(await readFileBytes(entry.file)) !== entry.hash
            : SKILL_FILE_NAMES.some((f) => fs.existsSync(path.join(dir, f)));
        } catch {
          stale = true; // it was listed and its file is gone
        }
        if (stale && !closed) onWatchEvent(state, 'change', entry?.file ?? path.join(dir, 'SKILL.md'));
      }
    }
  }

  /** Watchers started since the last `watching()`: it waits for them all. */
  function track(watcher: RootWatcher) {
    const earlier = watchersReady;
    watchersReady = Promise.all([earlier, watcher.ready]).then(() => undefined);
  }

  function startWatching(toWatch: readonly RootState[]) {
    for (const state of toWatch) {
      if (state.refused) continue;
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
  function watchLink(
    state: RootState,
    dir: string,
    link: { realDir: string; depth: number; watcher?: RootWatcher },
  ) {
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

  /** The links found at or below `scope` replace those known there; gone ones stop being watched. */
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

  // ---- reading ----------------------------------------------------------------------------------------

  function notFound(id: string): AppError {
    return new AppError('NOT_FOUND', `no skill "${id}" in any skill folder`);
  }

  async function require(id: string): Promise<SkillEntry> {
    await ready();
    const known = index.byId.get(id);
    if (known) {
      if (fs.existsSync(known.file)) return known;
      await reload([known.dir], `${id} removed on disk`);
    } else {
      // created a moment ago, before the watcher said so: look where such a folder would be
      const candidates = states.flatMap(({ root }) => {
        if (root.namespace && !id.startsWith(`${root.namespace}:`)) return [];
        const folder = root.namespace ? id.slice(root.namespace.length + 1) : id;
        return SKILL_FILE_NAMES.some((f) => fs.existsSync(path.join(root.dir, folder, f)))
          ? [path.join(root.dir, folder)]
          : [];
      });
      if (candidates.length > 0) await reload(candidates, `${id} added on disk`);
    }
    const found = index.byId.get(id);
    if (!found) throw notFound(id);
    return found;
  }

  /** Parsed activations by root, file, content hash and layout, most recently used last. */
  const activated = new Map<string, ActivatedSkill['loaded']>();

  async function activateEntry(entry: SkillEntry): Promise<ActivatedSkill> {
    let current = entry;
    for (let attempt = 0; attempt < 2; attempt++) {
      let bytes: Buffer;
      try {
        bytes = await readFileBytes(current.file);
      } catch {
        await reload([current.dir], `${current.id} removed on disk`);
        throw notFound(current.id);
      }
      const hash = contentHash(bytes);
      if (hash === current.hash) {
        const root = states.find((s) => s.root.dir === current.root)?.root;
        if (!root) throw notFound(current.id); // its source folder was just removed
        const layout = current.layout ? await readSkillLayout(current.dir) : null;
        // The same bytes and layout parse the same: a skill run again is not parsed again.
        const key = `${root.dir}\n${current.file}\n${hash}\n${layout ? JSON.stringify(layout) : ''}`;
        let loaded = activated.get(key);
        if (loaded) activated.delete(key);
        else loaded = parseSkill(root, current, current.file, bytes, layout).loaded;
        activated.set(key, loaded);
        if (activated.size > ACTIVATED_CACHE_SIZE) activated.delete(activated.keys().next().value!);
        return { entry: current, text: bytes.toString('utf8'), hash, loaded };
      }
      // changed since it was listed: bring the listing up to date, then read that
      await reload([current.dir], `${current.id} changed on disk`);
      const next = index.byDir.get(current.dir);
      if (!next) throw notFound(current.id);
      current = next;
    }
    throw new AppError('CONFLICT', `${current.file} keeps changing while it is read; try again`);
  }

  return {
    get roots() {
      return states.map((s) => s.root);
    },
    ready,
    list: () => index.list,
    get: (id) => index.byId.get(id),
    entryAt: (dir) => index.byDir.get(path.resolve(dir)),
    require,
    activate: async (id) => activateEntry(await require(id)),
    activateEntry,
    async listResources(id) {
      return listResources((await require(id)).realDir);
    },
    async readResource(id, relPath) {
      return readResource((await require(id)).realDir, relPath);
    },
    reload,
    setRoots: (next, reason) => serially(() => setRootsNow(next, reason)),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    rootFindings(dir) {
      const state = states.find((s) => s.root.dir === path.resolve(dir));
      if (!state) return [];
      return rootFindingsOf(state.root.dir, {
        refused: state.refused,
        truncated: state.truncated ? maxFolders : null,
        watchLimit: state.budget.exceeded ? maxWatched : null,
      });
    },
    watchedPaths() {
      return states.reduce(
        (n, s) =>
          n +
          (s.watcher?.watchedPaths() ?? 0) +
          [...s.links.values()].reduce((m, l) => m + (l.watcher?.watchedPaths() ?? 0), 0),
        0,
      );
    },
    async watching() {
      await ready();
      await watchersReady;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      for (const check of verifying) clearTimeout(check);
      await Promise.all(states.map(closeWatchers));
    },
  };
}
