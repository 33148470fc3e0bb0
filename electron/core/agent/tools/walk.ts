// The file walk Glob and Grep share: `.git` and `node_modules` skipped, `.gitignore` files obeyed (each
// for the folder it sits in and below), symlinked folders not entered (no loops), and every entry passed
// through the file tools' one path check: a link leading outside is skipped and reported, never read.
import fs from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { AgentToolContext } from '../types';
import { checkToolPath, isAllowedReal } from './paths';

const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);

interface IgnoreRules {
  base: string;
  rules: Ignore;
}

export interface WalkedFile {
  /** As found (a link keeps its own path). */
  abs: string;
  /** Relative to the walk's root, `/`-separated. */
  rel: string;
  /** Where it really is: the file to read. */
  real: string;
}

export interface WalkReport {
  /** Links skipped because they lead where `tool` may not go, relative to the working directory. */
  outside: string[];
}

/**
 * Every file under `root` (a real path; depth first, awaiting `visit`) that `tool` may read; the working
 * directory bounds the `.gitignore` files read above `root`. Stops early when the run's signal aborts or
 * `visit` returns (or resolves to) false.
 */
export async function walkFiles(
  root: string,
  ctx: AgentToolContext,
  tool: string,
  visit: (file: WalkedFile) => unknown,
): Promise<WalkReport> {
  const report: WalkReport = { outside: [] };
  const guard = new PathGuard(ctx, tool, report);
  const inherited = await ignoreRulesAbove(root, ctx.workdir, guard);
  const walk = async (dir: string, rules: IgnoreRules[]): Promise<boolean> => {
    if (ctx.signal.aborted) return false;
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return true; // unreadable folder: skipped, as `find` and `rg` do
    }
    const own = await readIgnore(dir, guard);
    const active = own ? [...rules, own] : rules;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const abs = path.join(dir, entry.name);
      const isDir = entry.isDirectory();
      if (isDir && SKIPPED_FOLDERS.has(entry.name)) continue;
      if (isIgnored(active, abs, isDir)) continue;
      const real = entry.isSymbolicLink() ? await guard.linkedFile(abs) : guard.plain(abs);
      if (real === undefined) continue;
      if (isDir) {
        if (!(await walk(abs, active))) return false;
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        const rel = path.relative(root, abs).split(path.sep).join('/');
        if ((await visit({ abs, rel, real })) === false) return false;
      }
    }
    return true;
  };
  await walk(root, inherited);
  return report;
}

/**
 * The note a tool adds when it skipped links leading outside (the model and the user learn why a file they
 * can see in a listing was not searched), or '' when it skipped none.
 */
export function skippedNote(report: WalkReport): string {
  const n = report.outside.length;
  if (n === 0) return '';
  const names = report.outside.slice(0, 5).join(', ') + (n > 5 ? `, and ${n - 5} more` : '');
  return n === 1
    ? `[1 symbolic link skipped: it leads outside the working directory (${names})]`
    : `[${n} symbolic links skipped: they lead outside the working directory (${names})]`;
}

/** The path check applied to what a walk meets, noting the links it refuses. */
class PathGuard {
  constructor(
    private readonly ctx: AgentToolContext,
    private readonly tool: string,
    private readonly report: WalkReport,
  ) {}

  /** An entry of a real folder that is not a link: its path is already real. */
  plain(abs: string): string | undefined {
    return isAllowedReal(this.ctx, this.tool, abs) ? abs : undefined;
  }

  /**
   * A link: the real path of the file it leads to, when the tool may read there. A link to a folder is
   * not entered (no loops, no second copy of the tree); a broken or looping one is passed over.
   */
  async linkedFile(abs: string): Promise<string | undefined> {
    let where;
    try {
      where = checkToolPath(this.ctx, this.tool, abs);
    } catch {
      return undefined;
    }
    if (!where.allowed) {
      const shown = path.relative(this.ctx.workdir, abs).split(path.sep).join('/');
      if (!this.report.outside.includes(shown)) this.report.outside.push(shown);
      return undefined;
    }
    const stat = await fs.stat(where.real).catch(() => undefined);
    return stat?.isFile() ? where.real : undefined;
  }

  /** A file the walk reads for itself (`.gitignore`), through the same check. */
  async readable(abs: string): Promise<string | undefined> {
    const stat = await fs.lstat(abs).catch(() => undefined);
    if (!stat) return undefined;
    return stat.isSymbolicLink() ? this.linkedFile(abs) : this.plain(abs);
  }
}

function isIgnored(rules: IgnoreRules[], abs: string, isDir: boolean): boolean {
  for (const { base, rules: ig } of rules) {
    const rel = path.relative(base, abs).split(path.sep).join('/');
    if (rel === '' || rel.startsWith('..')) continue;
    if (ig.ignores(isDir ? `${rel}/` : rel)) return true;
  }
  return false;
}

async function readIgnore(dir: string, guard: PathGuard): Promise<IgnoreRules | undefined> {
  const file = await guard.readable(path.join(dir, '.gitignore'));
  if (file === undefined) return undefined;
  let text;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  return { base: dir, rules: ignore().add(text) };
}

/**
 * A walk that starts below the working directory (or a repository's root) still obeys the `.gitignore`
 * files between the two. Nothing above them counts: a stray `~/.gitignore` must not hide files.
 */
async function ignoreRulesAbove(root: string, top: string, guard: PathGuard): Promise<IgnoreRules[]> {
  const found: IgnoreRules[] = [];
  const chain: string[] = [];
  for (let dir = root; ; dir = path.dirname(dir)) {
    if (dir === top || (await exists(path.join(dir, '.git')))) {
      if (dir !== root) chain.push(dir);
      break;
    }
    if (dir !== root) chain.push(dir);
    if (path.dirname(dir) === dir) return []; // reached / without meeting `top` or a repository
  }
  for (const dir of chain.reverse()) {
    const rules = await readIgnore(dir, guard);
    if (rules) found.push(rules);
  }
  return found;
}

async function exists(p: string): Promise<boolean> {
  try {
    await fs.access(p);
    return true;
  } catch {
    return false;
  }
}
