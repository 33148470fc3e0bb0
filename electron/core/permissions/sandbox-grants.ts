// What the rules grant a sandboxed Bash beyond the working directory: the network (`Network`), and the
// folders that `Read(…)` / `Edit(…)` allow rules open to the file tools outside it.
import path from 'node:path';
import picomatch from 'picomatch';
import { isInside } from '../fs/inside';
import { findMatchingRules, isReadTool, parseRules, resolvePathSpecifier } from './rules';
import type { PermissionEnv, ToolInvocation } from './types';

/** The pseudo-tool naming the network in `allowed-tools` and rules. */
export const NETWORK_RULE = 'Network';

export interface SandboxGrants {
  network: boolean;
  /** Folders outside the working directory Bash may read. */
  readOnly: string[];
  /** Folders outside the working directory Bash may change. */
  writable: string[];
}

/**
 * `ceiling`: the tool names of the skill's `allowed-tools` (null when it has none). The network is on when
 * `allowed-tools` lists `Network`, or — without `allowed-tools` — an allow rule `Network` applies; a deny
 * rule `Network` turns it off either way.
 */
export function sandboxGrants(env: PermissionEnv, ceiling: ReadonlySet<string> | null): SandboxGrants {
  const network: ToolInvocation = { tool: NETWORK_RULE, effect: 'network', input: {}, target: { paths: [] } };
  const denied = findMatchingRules('deny', env.rules.deny, network, env) !== undefined;
  const allowed =
    ceiling !== null
      ? ceiling.has(NETWORK_RULE)
      : findMatchingRules('allow', env.rules.allow, network, env) !== undefined;
  const readOnly: string[] = [];
  const writable: string[] = [];
  for (const rule of parseRules(env.rules.allow)) {
    if (rule.specifier === undefined) continue;
    const edit = rule.tool === 'Edit' || rule.tool === 'Write';
    if (!edit && !isReadTool(rule.tool)) continue;
    const folder = folderOf(rule.specifier, env);
    if (folder === undefined || isInside(env.workdir, folder)) continue;
    (edit ? writable : readOnly).push(folder);
  }
  return { network: allowed && !denied, readOnly: [...new Set(readOnly)], writable: [...new Set(writable)] };
}

/** The folder a path rule's glob starts from: `~/notes/**` → ~/notes, `//data/*.csv` → /data. */
function folderOf(specifier: string, env: PermissionEnv): string | undefined {
  const { base, pattern } = resolvePathSpecifier(specifier, env);
  const fixed = pattern === '' ? '' : picomatch.scan(pattern).base;
  // a pattern with no fixed folder under the working directory (`*.env`) opens nothing outside it
  return path.resolve(base, fixed);
}
