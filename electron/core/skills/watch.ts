import fs from 'node:fs';
import path from 'node:path';
import type { FSWatcher } from 'chokidar';
import { isSearchedFolder, SKILL_FILE_NAMES, SKILL_OWN_FOLDERS } from './discover';

export type WatchEvent = 'add' | 'addDir' | 'change' | 'unlink' | 'unlinkDir';

/**
 * The paths one source folder may watch, shared by its watchers (the folder's own and one per linked
 * folder): past `max`, new paths are not watched and `exceeded` is set, so a huge tree costs a bounded
 * amount of memory and file handles.
 */
export interface WatchBudget {
  readonly max: number;
  readonly watched: Set<string>;
  exceeded: boolean;
}

export const newWatchBudget = (max: number): WatchBudget => ({ max, watched: new Set(), exceeded: false });

export interface RootWatcherOptions {
  /** Folder levels below the folder that are watched. */
  depth: number;
  /** Where the folder is as the registry reaches it (a link's path): events are reported below it. */
  reportAs?: string;
  budget: WatchBudget;
  onEvent: (event: WatchEvent, absPath: string) => void;
  onError?: (error: unknown) => void;
  /** How often a missing folder is looked for. */
  pollMs?: number;
}

export interface RootWatcher {
  /** Resolves once the initial crawl is done (or at once while the folder does not exist). */
  ready: Promise<void>;
  /** How many paths chokidar watches now. */
  watchedPaths(): number;
  close(): Promise<void>;
}

const SKILL_FILES: ReadonlySet<string> = new Set(SKILL_FILE_NAMES);
const isSkillFolder = (dir: string) => SKILL_FILE_NAMES.some((f) => fs.existsSync(path.join(dir, f)));

/**
 * Whether the watcher leaves `rel` (below the watched folder `base`) alone: the folders discovery does not
 * search (discover.ts `isSearchedFolder`), except a skill's `phases/`, which is watched for its layout;
 * and files other than SKILL.md and phase files. `stats` is absent when chokidar asks by name only.
 */
function ignoredByRule(base: string, rel: string, stats: fs.Stats | undefined): boolean {
  const parts = rel.split(path.sep);
  const isFile = stats?.isFile() ?? false;
  const folders = isFile ? parts.length - 1 : parts.length;
  let inPhases = false;
  for (let i = 0; i < folders && !inPhases; i++) {
    const name = parts[i]!;
    // only for a skill's own folder names is the parent checked (on disk) for a SKILL.md
    const parentIsSkill = SKILL_OWN_FOLDERS.has(name) && isSkillFolder(path.join(base, ...parts.slice(0, i)));
    if (parentIsSkill && name === 'phases') inPhases = true;
    else if (!isSearchedFolder(name, parentIsSkill)) return true;
  }
  if (!isFile) return false;
  return !inPhases && !SKILL_FILES.has(parts.at(-1)!);
}

/**
 * Watches one folder with chokidar, depth-limited, by the discovery rule; symlinks are not followed (the
 * registry watches each linked real folder it reached once, with its own watcher). The real folder is
 * watched and events are reported below `reportAs`. A folder that does not exist yet is polled for; when
 * it appears it is reported as `addDir` and watched from then on. A new symlink is reported as `addDir`.
 */
export function watchRoot(dir: string, options: RootWatcherOptions): RootWatcher {
  const reportAs = options.reportAs ?? dir;
  const { budget } = options;
  let watcher: FSWatcher | undefined;
  let poll: NodeJS.Timeout | undefined;
  let closed = false;

  const start = async (): Promise<void> => {
    // loaded with the first watcher: a one-off CLI command, which never watches, does not load it
    const { watch } = await import('chokidar');
    if (closed) return;
    return new Promise<void>((resolve) => {
      let base: string;
      try {
        base = fs.realpathSync(dir);
      } catch {
        resolve();
        waitForRoot();
        return;
      }
      const shown = (p: string) => path.join(reportAs, path.relative(base, p));
      const ignored = (p: string, stats?: fs.Stats) => {
        const rel = path.relative(base, p);
        if (rel === '' || rel.startsWith('..')) return false;
        if (ignoredByRule(base, rel, stats)) return true;
        // counted once chokidar knows what the path is (it asks again with stats before watching it)
        if (!stats || budget.watched.has(p)) return false;
        if (budget.watched.size >= budget.max) {
          budget.exceeded = true;
          return true;
        }
        budget.watched.add(p);
        return false;
      };
      const w = watch(base, {
        ignoreInitial: true,
        depth: options.depth,
        ignored,
        // Editors that save by delete + recreate show up as one change, not unlink then add.
        atomic: true,
        followSymlinks: false,
        ignorePermissionErrors: true,
      });
      watcher = w;
      let crawled = false;
      w.on('all', (event, p, stats?: fs.Stats) => {
        // chokidar reports the symlinks it meets while crawling, initial or not: they are already known
        if (!crawled && event === 'add' && stats?.isSymbolicLink()) return;
        if (p === base && event === 'unlinkDir') {
          // The folder itself went away: report it, then wait for it to come back.
          options.onEvent('unlinkDir', reportAs);
          void w.close();
          watcher = undefined;
          waitForRoot();
          return;
        }
        if (event === 'unlink' || event === 'unlinkDir') budget.watched.delete(p);
        // a link made or pointed elsewhere: a folder to search again
        if ((event === 'add' || event === 'change') && stats?.isSymbolicLink())
          options.onEvent('addDir', shown(p));
        else if (event !== 'error' && event !== 'raw' && event !== 'ready' && event !== 'all')
          options.onEvent(event, shown(p));
      });
      w.on('error', (error) => options.onError?.(error));
      w.once('ready', () => {
        crawled = true;
        resolve();
      });
    });
  };

  function waitForRoot() {
    if (closed || poll) return;
    poll = setInterval(() => {
      if (!fs.existsSync(dir)) return;
      clearInterval(poll);
      poll = undefined;
      if (closed) return;
      void start().then(() => options.onEvent('addDir', reportAs));
    }, options.pollMs ?? 1000);
    poll.unref();
  }

  const ready = fs.existsSync(dir) ? start() : (waitForRoot(), Promise.resolve());

  return {
    ready,
    watchedPaths() {
      const tree = watcher?.getWatched() ?? {};
      return Object.values(tree).reduce((n, names) => n + names.length, 0);
    },
    async close() {
      closed = true;
      if (poll) clearInterval(poll);
      await watcher?.close();
    },
  };
}
