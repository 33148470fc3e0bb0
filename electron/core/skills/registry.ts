import fs from 'node:fs';
import path from 'node:path';
import type { Finding } from '../../../shared/types/finding';
import type { SkillResource } from '../../../shared/types/skill';
import { discoverSkills, MAX_FOLDERS_SEARCHED, MAX_SKILL_DEPTH, SKILL_FILE_NAMES } from './discover';
import { createRegistryWatch, type ReloadPoints } from './registry-watch';
import { listResources, readResource, type ResourceFile } from './resources';
import { rootFindingsOf } from './root-findings';
import {
  findInRoot,
  newRootState,
  rescan,
  rescanPointFor,
  scanRoot,
  type RootState,
  type SearchOptions,
} from './root-state';
import { createActivation, skillNotFound, type ActivatedSkill } from './skill-activation';
import type { SkillEntry } from './skill-entry';
import {
  changedIds,
  EMPTY_INDEX,
  indexSkills,
  listingSignatures,
  type ListingSignatures,
  type SkillIndex,
} from './skill-index';
import type { SourceRoot } from './sources';
import { isInside } from '../fs/inside';

// The skills of every source folder, kept up to date: what core, the handlers and the CLI ask. skill-index.ts
// decides what is listed (pure), root-state.ts searches a source folder, registry-watch.ts follows the
// disk, skill-activation.ts reads a skill for use; here reloads and `setRoots` run one at a time and
// report the ids they changed.

export type { ActivatedSkill } from './skill-activation';
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
  /**
   * Until the first `ready()`, `require`, `activate` and `get` read only the folders of the id asked,
   * not every skill: for a one-shot command that runs one skill (`skilldeck run`).
   */
  onDemand?: boolean;
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
  /**
   * Resolves when the watchers are set up (tests wait for it before touching files). Watching starts
   * after the first `ready()` has answered.
   */
  watching(): Promise<void>;
  close(): Promise<void>;
}

/** Paths watched per source folder by default: far more than a folder of skills has. */
export const MAX_WATCHED_PATHS = 20_000;

const sameSource = (a: SourceRoot, b: SourceRoot) =>
  a.kind === b.kind && a.namespace === b.namespace && !a.problem === !b.problem;

export function createSkillRegistry(options: SkillRegistryOptions): SkillRegistry {
  const maxDepth = options.maxDepth ?? MAX_SKILL_DEPTH;
  const maxFolders = options.maxFoldersSearched ?? MAX_FOLDERS_SEARCHED;
  const maxWatched = options.maxWatchedPaths ?? MAX_WATCHED_PATHS;
  const onError = options.onError ?? (() => undefined);

  /** By precedence, highest first. */
  let states: RootState[] = options.roots.map((root) => newRootState(root, maxWatched));
  let index: SkillIndex = EMPTY_INDEX;
  const listeners = new Set<(change: RegistryChange) => void>();
  let initial: Promise<void> | undefined;
  /** Watching started, its first crawl done, and what changed meanwhile reloaded. */
  let following: Promise<void> | undefined;
  let closed = false;
  /** Reloads run one at a time, in order. */
  let queue: Promise<unknown> = Promise.resolve();

  const watch = createRegistryWatch({
    maxDepth,
    debounceMs: options.debounceMs ?? 60,
    maxDelayMs: options.maxDelayMs ?? 400,
    ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
    onError,
    reload: (points, reason) => enqueue(points, reason),
  });
  const search: SearchOptions = { maxDepth, maxFolders, syncLinks: watch.syncLinks };

  const reindex = () => {
    index = indexSkills(states.map((s) => s.entries.values()));
  };

  function ready(): Promise<void> {
    initial ??= (async () => {
      await Promise.all(states.map((s) => scanRoot(s, search)));
      reindex();
      if (options.watch) following = follow().catch(onError);
    })();
    return initial;
  }

  /**
   * Watching starts once the listing is ready and those waiting for it have been answered (chokidar's
   * first crawl reads every skill folder again: it would delay the first answer by as much as the scan
   * takes). What changed between the scan and the watchers' first crawl is then looked for once.
   */
  async function follow() {
    await new Promise((resolve) => setImmediate(resolve));
    if (closed) return;
    watch.start(states);
    await watch.ready();
    if (closed) return;
    await Promise.all(
      states.map(async (state) => {
        if (state.refused || state.root.problem || state.dropped) return;
        const found = await discoverSkills(state.root.dir, { maxDepth, maxFolders });
        await watch.catchUp(
          state,
          found.skills.map((f) => f.dir),
        );
      }),
    );
  }

  async function reloadNow(points: ReloadPoints, reason: string): Promise<RegistryChange | null> {
    await ready();
    const before = listingSignatures(index.list);
    for (const [state, paths] of points) {
      if (state.dropped) continue;
      const starts = [...new Set([...paths].map((p) => rescanPointFor(state, p)))].sort();
      // a folder inside another one being searched again is covered by it
      const outer = starts.filter((s, i) => !starts.slice(0, i).some((o) => isInside(o, s)));
      for (const start of outer) await rescan(state, start, search);
    }
    reindex();
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

  const enqueue = (points: ReloadPoints, reason: string) => serially(() => reloadNow(points, reason));

  function reload(dirs: readonly string[], reason: string) {
    const points: ReloadPoints = new Map();
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
      return newRootState(root, maxWatched);
    });
    // what is left of the current ones is gone
    await watch.drop([...current.values()]);
    if (closed) return null;
    const added = nextStates.filter((s) => !states.includes(s));
    states = nextStates;
    watch.add(added);
    await Promise.all(added.map((s) => scanRoot(s, search)));
    reindex();
    return announce(before, reason);
  }

  /** Skills read on demand before the full listing (`onDemand`), by id; ignored once it is read. */
  const asked = new Map<string, SkillEntry>();
  const onDemand = () => options.onDemand === true && initial === undefined;
  async function findOnly(id: string): Promise<SkillEntry | undefined> {
    const bySource = await Promise.all(states.map((s) => findInRoot(s, id, search)));
    const found = indexSkills(bySource).byId.get(id);
    if (found) asked.set(id, found);
    else asked.delete(id);
    return found;
  }

  async function require(id: string): Promise<SkillEntry> {
    if (onDemand()) {
      const known = asked.get(id);
      const found = known && fs.existsSync(known.file) ? known : await findOnly(id);
      if (onDemand()) {
        if (!found) throw skillNotFound(id);
        return found;
      }
    }
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
    if (!found) throw skillNotFound(id);
    return found;
  }

  const activateEntry = createActivation({
    rootAt: (dir) => states.find((s) => s.root.dir === dir)?.root,
    entryAt: (dir) => index.byDir.get(dir),
    reload,
  });

  return {
    get roots() {
      return states.map((s) => s.root);
    },
    ready,
    list: () => index.list,
    get: (id) => index.byId.get(id) ?? (onDemand() ? asked.get(id) : undefined),
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
        ...(state.root.problem ? { problem: state.root.problem } : {}),
        truncated: state.truncated ? maxFolders : null,
        watchLimit: state.budget.exceeded ? maxWatched : null,
      });
    },
    watchedPaths: () => watch.watchedPaths(states),
    async watching() {
      await ready();
      await following;
      await watch.ready();
    },
    async close() {
      closed = true;
      await watch.close(states);
    },
  };
}
