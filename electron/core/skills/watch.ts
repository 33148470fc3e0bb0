import fs from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { isSkippedName } from './discover';

export type WatchEvent = 'add' | 'addDir' | 'change' | 'unlink' | 'unlinkDir';

export interface RootWatcherOptions {
  /** Folder levels below the root that are watched. */
  depth: number;
  /** Extra paths not to watch (e.g. a skill's resource folders), besides hidden ones and node_modules. */
  ignore?: (absPath: string) => boolean;
  onEvent: (event: WatchEvent, absPath: string) => void;
  onError?: (error: unknown) => void;
  /** How often a missing root is looked for. */
  pollMs?: number;
}

export interface RootWatcher {
  /** Resolves once the initial crawl is done (or at once while the root does not exist). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Watches one source folder with chokidar, depth-limited, skipping hidden paths (editors' and our own
 * temp files) and node_modules. A folder that does not exist yet is polled for; when it appears it is
 * reported as `addDir` of the root and watched from then on.
 */
export function watchRoot(root: string, options: RootWatcherOptions): RootWatcher {
  let watcher: FSWatcher | undefined;
  let poll: NodeJS.Timeout | undefined;
  let closed = false;

  const ignored = (p: string) => {
    const rel = path.relative(root, p);
    if (rel === '' || rel.startsWith('..')) return false;
    return rel.split(path.sep).some(isSkippedName) || (options.ignore?.(p) ?? false);
  };

  const start = () =>
    new Promise<void>((resolve) => {
      const w = watch(root, {
        ignoreInitial: true,
        depth: options.depth,
        ignored,
        // Editors that save by delete + recreate show up as one change, not unlink then add.
        atomic: true,
        followSymlinks: true,
        ignorePermissionErrors: true,
      });
      watcher = w;
      w.on('all', (event, p) => {
        if (p === root && event === 'unlinkDir') {
          // The root itself went away: report it, then wait for it to come back.
          options.onEvent('unlinkDir', root);
          void w.close();
          watcher = undefined;
          waitForRoot();
          return;
        }
        if (event !== 'error' && event !== 'raw' && event !== 'ready' && event !== 'all')
          options.onEvent(event, p);
      });
      w.on('error', (error) => options.onError?.(error));
      w.once('ready', () => resolve());
    });

  const waitForRoot = () => {
    if (closed) return;
    poll = setInterval(() => {
      if (!fs.existsSync(root)) return;
      clearInterval(poll);
      poll = undefined;
      if (closed) return;
      void start().then(() => options.onEvent('addDir', root));
    }, options.pollMs ?? 1000);
    poll.unref();
  };

  const ready = fs.existsSync(root) ? start() : (waitForRoot(), Promise.resolve());

  return {
    ready,
    async close() {
      closed = true;
      if (poll) clearInterval(poll);
      await watcher?.close();
    },
  };
}
