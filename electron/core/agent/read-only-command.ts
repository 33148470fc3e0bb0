// What a `plan` sub-agent may run through Bash: commands that only read, judged on the parsed line (every
// command of it), not on its spelling — `ls\nrm -rf x` is two commands, and the second does not read.
import { parseShellLine } from '../permissions/shell-command';

const READERS = new Set([
  'ls',
  'cat',
  'head',
  'tail',
  'wc',
  'grep',
  'rg',
  'find',
  'pwd',
  'echo',
  'tree',
  'stat',
  'file',
  'du',
  'which',
]);
const GIT_READERS = new Set(['status', 'diff', 'log', 'show', 'ls-files', 'branch']);
/** Options with which a reader writes a file or runs another program. */
const WRITING_OPTIONS: Record<string, RegExp> = {
  find: /^-(exec|execdir|ok|okdir|delete|fprint|fprint0|fprintf|fls)$/,
  rg: /^--pre(=|$)/,
  tree: /^-o$/,
  git: /^--output(=|$)|^-(d|D|m|M|c|C)$|^--(delete|move|copy|set-upstream-to|unset-upstream|edit-description)(=|$)/,
};

/** Whether every command of the line is a plain reader (the parser must load first: loadShellParser). */
export function isReadOnlyCommand(command: string): boolean {
  const line = parseShellLine(command);
  if (!line.readable || !line.combined || line.parts.length === 0) return false;
  return line.parts.every(({ words, plain }) => {
    const [name, sub] = words;
    if (!plain || name === undefined) return false;
    if (name === 'git' ? sub === undefined || !GIT_READERS.has(sub) : !READERS.has(name)) return false;
    const writing = WRITING_OPTIONS[name];
    if (writing && words.some((w) => writing.test(w))) return false;
    // `git branch NAME` creates a branch: only its listing options
    return !(name === 'git' && sub === 'branch' && words.slice(2).some((w) => !w.startsWith('-')));
  });
}
