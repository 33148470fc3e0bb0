import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../shared/ipc/result';
import type { SkillResource } from '../../../shared/types/skill';
import { discoverSkillFolders, MAX_SKILL_DEPTH, readFileBytes, SKILL_FILE_NAMES } from './discover';
import type { LoadedSkillFile } from './load';
import { listResources, readResource, RESOURCE_DIRS, type ResourceFile } from './resources';
import {
  contentHash,
  loadSkill,
  parseSkill,
  readSkillLayout,
  type LoadedSkill,
  type SkillEntry,
} from './skill-entry';
import type { SourceRoot } from './sources';
import { watchRoot, type RootWatcher, type WatchEvent } from './watch';

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
  onChange(listener: (change: RegistryChange) => void): () => void;
  /** Resolves when the watchers are set up (tests wait for it before touching files). */
  watching(): Promise<void>;
  close(): Promise<void>;
}

/** When a reloaded file is read again (see `verify`): after chokidar's 50 ms change throttle. */
const VERIFY_AFTER_MS = 120;
/** Parsed skills kept for activation (a run re-reads the file and hashes it; parsing is skipped on a hit). */
const ACTIVATED_CACHE_SIZE = 64;

const isWithin = (parent: string, child: string) => child === parent || child.startsWith(parent + path.sep);
const SKILL_FILES: ReadonlySet<string> = new Set(SKILL_FILE_NAMES);
const RESOURCE_NAMES: ReadonlySet<string> = new Set(RESOURCE_DIRS);

export function createSkillRegistry(options: SkillRegistryOptions): SkillRegistry {
  const roots = options.roots;
  const maxDepth = options.maxDepth ?? MAX_SKILL_DEPTH;
  const debounceMs = options.debounceMs ?? 60;
  const maxDelayMs = options.maxDelayMs ?? 400;
  const onError = options.onError ?? (() => undefined);

  /** Per root: skill folder → entry. */
  const byRoot: Map<string, SkillEntry>[] = roots.map(() => new Map());
  let merged: SkillEntry[] = [];
  let winners = new Map<string, SkillEntry>();
  let byDir = new Map<string, SkillEntry>();
  const listeners = new Set<(change: RegistryChange) => void>();
  const watchers: RootWatcher[] = [];
  let initial: Promise<void> | undefined;
  let watchersReady: Promise<void> = Promise.resolve();
  let closed = false;

  // Watcher events wait here until they have been quiet for `debounceMs`.
  const pending = new Map<number, Set<string>>();
  let timer: NodeJS.Timeout | undefined;
  let firstPendingAt = 0;
  const verifying = new Set<NodeJS.Timeout>();
  /** Reloads run one at a time, in order. */
  let queue: Promise<unknown> = Promise.resolve();

  /** Precedence, shadowing and real-path dedupe over every root. */
  function merge() {
    const next: SkillEntry[] = [];
    const nextWinners = new Map<string, SkillEntry>();
    const nextByDir = new Map<string, SkillEntry>();
    const seenReal = new Set<string>();
    byRoot.forEach((entries) => {
      // the folder reached without a symlink first, so a link to a sibling is the one dropped
      const ordered = [...entries.values()].sort(
        (a, b) => Number(a.dir !== a.realDir) - Number(b.dir !== b.realDir) || (a.dir < b.dir ? -1 : 1),
      );
      for (const entry of ordered) {
        if (seenReal.has(entry.realDir)) continue; // the same folder seen twice (symlink, nested roots)
        seenReal.add(entry.realDir);
        const winner = nextWinners.get(entry.id);
        entry.shadowedBy = winner ? { source: winner.source, path: winner.dir } : null;
        if (!winner) nextWinners.set(entry.id, entry);
        nextByDir.set(entry.dir, entry);
        next.push(entry);
      }
    });
    next.sort((a, b) => a.precedence - b.precedence || (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
    merged = next;
    winners = nextWinners;
    byDir = nextByDir;
  }

  /** What the listing shows of each id, to tell which ids a reload changed. */
  function signatures(): Map<string, string> {
    const out = new Map<string, string>();
    for (const e of merged) {
      const sig = `${e.dir}|${e.hash}|${JSON.stringify(e.layout)}|${e.shadowedBy?.path ?? ''}`;
      out.set(e.id, (out.get(e.id) ?? '') + sig + '\n');
    }
    return out;
  }

  async function scanRoot(index: number) {
    const root = roots[index]!;
    const loading: Promise<LoadedSkill | null>[] = [];
    await discoverSkillFolders(root.dir, { maxDepth, onFound: (f) => loading.push(loadSkill(root, f)) });
    const loaded = await Promise.all(loading);
    const entries = byRoot[index]!;
    entries.clear();
    for (const l of loaded) if (l) entries.set(l.entry.dir, l.entry);
  }

  function ready(): Promise<void> {
    initial ??= (async () => {
      if (options.watch) startWatching();
      await Promise.all(roots.map((_, i) => scanRoot(i)));
      merge();
    })();
    return initial;
  }

  /** The folder to search again for a path that changed in root `index`. */
  function rescanPointFor(index: number, p: string): string {
    const root = roots[index]!;
    for (let dir = p; isWithin(root.dir, dir); dir = path.dirname(dir)) {
      if (byRoot[index]!.has(dir)) return dir; // inside a known skill: that skill
      if (dir === root.dir) break;
    }
    return p;
  }

  /** Searches `start` (and below) of root `index` again, replacing what was known there. */
  async function rescan(index: number, start: string) {
    const root = roots[index]!;
    const entries = byRoot[index]!;
    for (const dir of [...entries.keys()]) if (isWithin(start, dir)) entries.delete(dir);
    const depth = start === root.dir ? 0 : path.relative(root.dir, start).split(path.sep).length;
    if (depth > maxDepth) return;
    // an ancestor holding SKILL.md makes `start` part of that skill, not a skill of its own
    for (let dir = path.dirname(start); depth > 0 && isWithin(root.dir, dir); dir = path.dirname(dir)) {
      if (entries.has(dir)) return;
      if (dir === root.dir) break;
    }
    const found = await discoverSkillFolders(start, { depth, maxDepth });
    for (const l of await Promise.all(found.map((f) => loadSkill(root, f)))) {
      if (l) entries.set(l.entry.dir, l.entry);
    }
  }

  async function reloadNow(points: Map<number, Set<string>>, reason: string): Promise<RegistryChange | null> {
    await ready();
    const before = signatures();
    for (const [index, paths] of points) {
      const starts = [...new Set([...paths].map((p) => rescanPointFor(index, p)))].sort();
      // a folder inside another one being searched again is covered by it
      const outer = starts.filter((s, i) => !starts.slice(0, i).some((o) => isWithin(o, s)));
      for (const start of outer) await rescan(index, start);
    }
    merge();
    const after = signatures();
    const ids = [...new Set([...before.keys(), ...after.keys()])].filter(
      (id) => before.get(id) !== after.get(id),
    );
    if (ids.length === 0) return null;
    const change = { reason, ids: ids.sort() };
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
  function enqueue(points: Map<number, Set<string>>, reason: string): Promise<RegistryChange | null> {
    const run = queue.then(() => (closed ? null : reloadNow(points, reason)));
    queue = run.catch(onError);
    return run;
  }

  function reload(dirs: readonly string[], reason: string) {
    const points = new Map<number, Set<string>>();
    for (const dir of dirs) {
      const abs = path.resolve(dir);
      roots.forEach((root, i) => {
        if (isWithin(root.dir, abs)) points.set(i, (points.get(i) ?? new Set()).add(abs));
      });
    }
    return enqueue(points, reason);
  }

  // ---- watching -------------------------------------------------------------------------------------

  const described: string[] = [];

  function onWatchEvent(index: number, event: WatchEvent, p: string) {
    const root = roots[index]!;
    const base = path.basename(p);
    let point: string | undefined;
    if (event === 'addDir' || event === 'unlinkDir') point = p;
    else if (SKILL_FILES.has(base)) point = path.dirname(p);
    else {
      // another file: it matters only inside a skill's phases/ folder
      const skill = rescanPointFor(index, path.dirname(p));
      if (byRoot[index]!.has(skill) && path.relative(skill, p).split(path.sep)[0] === 'phases') point = skill;
    }
    if (point === undefined) return;
    pending.set(index, (pending.get(index) ?? new Set()).add(point));
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
  async function verify(points: Map<number, Set<string>>) {
    for (const [index, paths] of points) {
      for (const p of paths) {
        const dir = rescanPointFor(index, p);
        const entry = byRoot[index]!.get(dir);
        let stale: boolean;
        try {
          stale = entry
            ? contentHash(await readFileBytes(entry.file)) !== entry.hash
            : SKILL_FILE_NAMES.some((f) => fs.existsSync(path.join(dir, f)));
        } catch {
          stale = true; // it was listed and its file is gone
        }
        if (stale && !closed) onWatchEvent(index, 'change', entry?.file ?? path.join(dir, 'SKILL.md'));
      }
    }
  }

  function startWatching() {
    const started = roots.map((root, index) => {
      const watcher = watchRoot(root.dir, {
        // skill folder (maxDepth) + phases/actions/ below it
        depth: maxDepth + 2,
        // a skill's resource folders: their files are listed on request, never watched
        ignore: (p) =>
          RESOURCE_NAMES.has(path.basename(p)) &&
          SKILL_FILE_NAMES.some((f) => fs.existsSync(path.join(path.dirname(p), f))),
        onEvent: (event, p) => onWatchEvent(index, event, p),
        onError,
        ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
      });
      watchers.push(watcher);
      return watcher.ready;
    });
    watchersReady = Promise.all(started).then(() => undefined);
  }

  // ---- reading ----------------------------------------------------------------------------------------

  function notFound(id: string): AppError {
    return new AppError('NOT_FOUND', `no skill "${id}" in any skill folder`);
  }

  async function require(id: string): Promise<SkillEntry> {
    await ready();
    const known = winners.get(id);
    if (known) {
      if (fs.existsSync(known.file)) return known;
      await reload([known.dir], `${id} removed on disk`);
    } else {
      // created a moment ago, before the watcher said so: look where such a folder would be
      const candidates = roots.flatMap((root) => {
        if (root.namespace && !id.startsWith(`${root.namespace}:`)) return [];
        const folder = root.namespace ? id.slice(root.namespace.length + 1) : id;
        return SKILL_FILE_NAMES.some((f) => fs.existsSync(path.join(root.dir, folder, f)))
          ? [path.join(root.dir, folder)]
          : [];
      });
      if (candidates.length > 0) await reload(candidates, `${id} added on disk`);
    }
    const found = winners.get(id);
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
        const root = roots.find((r) => r.dir === current.root)!;
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
      const next = byDir.get(current.dir);
      if (!next) throw notFound(current.id);
      current = next;
    }
    throw new AppError('CONFLICT', `${current.file} keeps changing while it is read; try again`);
  }

  return {
    roots,
    ready,
    list: () => merged,
    get: (id) => winners.get(id),
    entryAt: (dir) => byDir.get(path.resolve(dir)),
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
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async watching() {
      await ready();
      await watchersReady;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      for (const check of verifying) clearTimeout(check);
      await Promise.all(watchers.splice(0).map((w) => w.close()));
    },
  };
}
