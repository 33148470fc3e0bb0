// What a sandboxed Bash command may see and change, whatever the sandbox: the working directory
// read-write, the system read-only, the home folder hidden (but the tools on PATH), /tmp private.
import path from 'node:path';
import { isInside } from '../../fs/inside';

export interface SandboxLayout {
  /** The run's working directory: read-write. */
  workdir: string;
  /** Visible read-only: the skill's own folder, folders a `Read(…)` rule grants. */
  readOnly: string[];
  /** Writable besides the working directory: folders an `Edit(…)` rule grants. */
  writable: string[];
  /** Whether commands may reach the network. */
  network: boolean;
  /** The user's home: hidden (an empty private folder stands in for it). */
  home: string;
  /** The command's PATH: its folders inside the home stay visible, read-only, so tools installed there run. */
  pathEnv: string;
}

/** Environment variables a sandboxed command keeps: locale, terminal, PATH… — not keys or tokens. */
const KEPT =
  /^(PATH|LANG|LANGUAGE|LC_[A-Z]+|TERM|COLORTERM|TZ|USER|LOGNAME|SHELL|COLUMNS|LINES|NO_COLOR|FORCE_COLOR|CI|PAGER|GIT_PAGER)$/;
/** With the network: how to reach it. */
const NETWORK =
  /^(https?_proxy|HTTPS?_PROXY|no_proxy|NO_PROXY|all_proxy|ALL_PROXY|SSL_CERT_FILE|SSL_CERT_DIR|NODE_EXTRA_CA_CERTS|REQUESTS_CA_BUNDLE)$/;

/**
 * The environment of a sandboxed command: a short list of what tools need, not Skilldeck's whole
 * environment (which may hold provider keys, `--api-key-env`), HOME the stand-in home, TMPDIR /tmp.
 */
export function sandboxEnv(
  env: NodeJS.ProcessEnv,
  layout: Pick<SandboxLayout, 'home' | 'network'>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env))
    if (value !== undefined && (KEPT.test(name) || (layout.network && NETWORK.test(name))))
      kept[name] = value;
  return { ...kept, HOME: layout.home, TMPDIR: '/tmp' };
}

/**
 * The folders inside the home that PATH names, and for a `…/bin` among them its sibling `…/lib` (a Node
 * installed by nvm keeps npm there). Only those: a whole `~/.cargo` would show its credentials too.
 */
export function toolFoldersInHome(layout: Pick<SandboxLayout, 'home' | 'pathEnv'>): string[] {
  const folders: string[] = [];
  for (const entry of layout.pathEnv.split(path.delimiter)) {
    if (!path.isAbsolute(entry) || !isInside(layout.home, entry) || entry === layout.home) continue;
    const dir = path.normalize(entry);
    folders.push(dir);
    if (path.basename(dir) === 'bin') folders.push(path.join(path.dirname(dir), 'lib'));
  }
  return [...new Set(folders)];
}
