// The file walk Glob and Grep share: `.git` and `node_modules` skipped, `.gitignore` files obeyed (each
// for the folder it sits in and below), symlinked folders not entered (no loops, no leaving the tree).
import fs from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);

interface IgnoreRules {
  base: string;
  rules: Ignore;
}

export interface WalkedFile {
  abs: string;
  /** Relative to the walk's root, `/`-separated. */
  rel: string;
}

/**
 * Every file under `root` (depth first, awaiting `visit`); `top` (the working directory) bounds the
 * `.gitignore` files read above it. Stops early when `signal` aborts or `visit` returns (or resolves to) false.
 */
export async function walkFiles(
  root: string,
  top: string,
  signal: AbortSignal,
  visit: (file: WalkedFile) => unknown,
): Promise<void> {
  const inherited = await ignoreRulesAbove(root, top);
  const walk = async (dir: string, rules: IgnoreRules[]): Promise<boolean> => {
    if (signal.aborted) return false;
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return true; // unreadable folder: skipped, as `find` and `rg` do
    }
    const own = await readIgnore(dir);
    const active = own ? [...rules, own] : rules;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const abs = path.join(dir, entry.name);
      const isDir = entry.isDirectory();
      if (isDir && SKIPPED_FOLDERS.has(entry.name)) continue;
      if (isIgnored(active, abs, isDir)) continue;
      if (isDir) {
        if (!(await walk(abs, active))) return false;
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        const rel = path.relative(root, abs).split(path.sep).join('/');
        if ((await visit({ abs, rel })) === false) return false;
      }
    }
    return true;
  };
  await walk(root, inherited);
}

function isIgnored(rules: IgnoreRules[], abs: string, isDir: boolean): boolean {
  for (const { base, rules: ig } of rules) {
    const rel = path.relative(base, abs).split(path.sep).join('/');
    if (rel === '' || rel.startsWith('..')) continue;
    if (ig.ignores(isDir ? `${rel}/` : rel)) return true;
  }
  return false;
}

async function readIgnore(dir: string): Promise<IgnoreRules | undefined> {
  let text;
  try {
    text = await fs.readFile(path.join(dir, '.gitignore'), 'utf8');
  } catch {
    return undefined;
  }
  return { base: dir, rules: ignore().add(text) };
}

/**
 * A walk that starts below the working directory (or a repository's root) still obeys the `.gitignore`
 * files between the two. Nothing above them counts: a stray `~/.gitignore` must not hide files.
 */
async function ignoreRulesAbove(root: string, top: string): Promise<IgnoreRules[]> {
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
    const rules = await readIgnore(dir);
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
