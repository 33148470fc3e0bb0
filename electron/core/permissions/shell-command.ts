// A shell command line as the permission rules see it, read by tree-sitter's bash grammar (a full bash
// parser: redirections, here-docs, `$(…)`, backticks, `<(…)`, subshells, functions, loops, arrays).
// A line it cannot read completely is `readable: false`: no rule with a command in it can allow it.
import { createRequire } from 'node:module';
import type { Node, Parser } from 'web-tree-sitter';

/** One command found anywhere in the line: inside `$(…)`, a pipeline, a subshell, a loop, a function… */
export interface ShellPart {
  /** The command's name and arguments, unquoted where they are literal (`'rm'` → `rm`), else as written. */
  words: string[];
  /**
   * Words only: no variable assignment before it, no redirection but the harmless ones (`2>&1`, `>&2`,
   * `>/dev/null`), no substitution or expansion that could run code. Only such a part can be allowed by
   * a `Bash(prefix:*)` or `Bash(command)` rule.
   */
  plain: boolean;
}

export type ShellLine =
  | {
      readable: true;
      /** Every command of the line, substitutions' included, in source order. */
      parts: ShellPart[];
      /**
       * Built only of commands joined by `&&`, `||`, `;`, `&`, `|`, newlines, `( … )` and `{ … }`. A line
       * with anything else (a variable set for the rest of the line, a loop, a condition, a function, a
       * redirection of a group) cannot be allowed part by part.
       */
      combined: boolean;
      /** The line with the spacing between its tokens normalized, for comparing whole lines. */
      canonical: string;
    }
  | { readable: false; why: string };

/** Longer lines are not read (parsing them costs too much) and are asked about. */
export const MAX_COMMAND_LENGTH = 100_000;
/** Nesting deeper than this (`$($($(…)))`) is not followed, and the line is asked about. */
const MAX_DEPTH = 200;

let parser: Parser | undefined;
let loadFailure: string | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the parser (WebAssembly, ~30 ms once). Every entry point that judges commands awaits it first
 * (the agent run, the permission handlers; the core starts it early). It never rejects: when the grammar
 * cannot be loaded, every command reads as unreadable, so it is asked about and never allowed by a rule.
 */
export function loadShellParser(): Promise<void> {
  loading ??= (async () => {
    try {
      // web-tree-sitter itself is imported here, not with the core
      const { Language, Parser } = await import('web-tree-sitter');
      await Parser.init();
      const require = createRequire(import.meta.url);
      const bash = await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
      const p = new Parser();
      p.setLanguage(bash);
      parser = p;
    } catch (error) {
      loadFailure = error instanceof Error ? error.message : String(error);
    }
  })();
  return loading;
}

const cache = new Map<string, ShellLine>();

/** Reads a command line. Throws before loadShellParser has finished: a rule must never be skipped silently. */
export function parseShellLine(command: string): ShellLine {
  if (loadFailure !== undefined)
    return { readable: false, why: `the shell parser could not be loaded (${loadFailure})` };
  if (!parser) throw new Error('the shell parser is not loaded yet (await loadShellParser() first)');
  const hit = cache.get(command);
  if (hit) return hit;
  const line = read(parser, command);
  if (cache.size > 200) cache.clear();
  cache.set(command, line);
  return line;
}

function read(p: Parser, command: string, evalDepth = 0): ShellLine {
  if (command.length > MAX_COMMAND_LENGTH)
    return { readable: false, why: `the command is over ${MAX_COMMAND_LENGTH} characters` };
  const tree = p.parse(command);
  if (!tree) return { readable: false, why: 'the parser gave up on it' };
  try {
    const root = tree.rootNode;
    if (root.hasError) return { readable: false, why: 'it is not complete, valid shell syntax' };
    const parts: ShellPart[] = [];
    let combined = true;
    /** Commands written with a redirection that touches a file: not plain. */
    const redirected = new Set<number>();
    // Depth first in source order, without recursion (a line may nest deeply). `statement`: the node stands
    // where a command may stand, so anything but a command or a joiner there makes the line not `combined`.
    const stack: { node: Node; depth: number; statement: boolean }[] = [
      { node: root, depth: 0, statement: true },
    ];
    const push = (node: Node, depth: number, statement: (child: Node, field: string | null) => boolean) => {
      for (let i = node.childCount - 1; i >= 0; i--) {
        const child = node.child(i)!;
        stack.push({ node: child, depth: depth + 1, statement: statement(child, node.fieldNameForChild(i)) });
      }
    };
    while (stack.length > 0) {
      const { node, depth, statement } = stack.pop()!;
      if (depth > MAX_DEPTH) return { readable: false, why: 'it nests too deeply' };
      if (node.type === 'command') {
        const { part, literal } = commandPart(node);
        if (redirected.has(node.id)) part.plain = false;
        parts.push(part);
        // `eval 'rm x'` runs its words as a line: read it too, so a deny rule sees `rm x`
        if (part.words[0] === 'eval' && part.words.length > 1) {
          const inner =
            evalDepth < 3 && literal ? read(p, part.words.slice(1).join(' '), evalDepth + 1) : undefined;
          if (!inner?.readable) return { readable: false, why: 'it evals words that cannot be read' };
          parts.push(...inner.parts);
        }
        push(node, depth, () => false);
      } else if (node.type === 'command_substitution' || node.type === 'process_substitution') {
        push(node, depth, () => true); // its commands are statements again
      } else if (statement && node.type === 'redirected_statement') {
        if (!redirectsOnlyHarmless(node)) {
          // a redirection of a single command makes that command not plain; of a group, the whole line
          const body = node.childForFieldName('body');
          if (body?.type === 'command') redirected.add(body.id);
          else combined = false;
        }
        push(node, depth, (_, field) => field === 'body');
      } else if (statement && node.isNamed && JOINERS.has(node.type)) {
        push(node, depth, () => true);
      } else {
        if (node.type === 'declaration_command' || node.type === 'unset_command') {
          // `export PATH=…` changes what the next command runs: a part no rule allows
          parts.push({ words: node.children.map((c) => literal(c) ?? c.text), plain: false });
        }
        if (statement && node.isNamed) combined = false;
        push(node, depth, () => false);
      }
    }
    return { readable: true, parts, combined, canonical: canonicalOf(root, command) };
  } finally {
    tree.delete();
  }
}

/** What may join commands in a line that is allowed part by part (and `redirected_statement`, above). */
const JOINERS = new Set([
  'program',
  'list',
  'pipeline',
  'subshell',
  'compound_statement',
  'negated_command',
  'comment',
]);

/** Argument node types that only stand for text (no code runs to produce them). */
const TEXT_NODES = new Set([
  'word',
  'raw_string',
  'ansi_c_string',
  'string',
  'string_content',
  'concatenation',
  'number',
  'simple_expansion',
  'variable_name',
  'special_variable_name',
  'brace_expression',
  'expansion',
]);

/** A command node's part, and whether all its words are literal text. */
function commandPart(node: Node): { part: ShellPart; literal: boolean } {
  const words: string[] = [];
  let plain = true;
  let literalWords = true;
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i)!;
    const field = node.fieldNameForChild(i);
    if (field === 'name') {
      const word = child.namedChildren[0];
      const value = word ? literal(word) : undefined;
      if (value === undefined) plain = literalWords = false;
      words.push(value ?? child.text);
    } else if (field === 'argument') {
      if (!isText(child)) plain = false;
      const value = literal(child);
      if (value === undefined) literalWords = false;
      words.push(value ?? child.text);
    } else if (child.isNamed) {
      // a variable assignment before the command, or a redirection written before its name
      plain = false;
    }
  }
  return { part: { words, plain }, literal: literalWords };
}

/** Whether an argument only stands for text: no substitution, arithmetic or fancy `${…}` operator. */
function isText(node: Node): boolean {
  const stack = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.isNamed && !TEXT_NODES.has(n.type)) return false;
    // `${x}` and `${#x}` only: other operators can run code (`${x@P}`) or hide a substitution
    if (n.type === 'expansion' && n.children.some((c) => !c.isNamed && !['${', '}', '#'].includes(c.type)))
      return false;
    stack.push(...n.children);
  }
  return true;
}

/** The redirections that touch no file: duplicating or closing a descriptor, and /dev/null. */
function redirectsOnlyHarmless(statement: Node): boolean {
  return statement.childrenForFieldName('redirect').every((r) => r !== null && harmless(r));
}

function harmless(redirect: Node): boolean {
  if (redirect.type !== 'file_redirect') return false; // here-docs and here-strings feed input
  const op = redirect.children.find((c) => !c.isNamed)?.type;
  const destination = redirect.childForFieldName('destination');
  if (op === '>&-' || op === '<&-') return true;
  if ((op === '>&' || op === '<&') && destination?.type === 'number') return true;
  return destination !== null && literal(destination) === '/dev/null';
}

/** The text a word stands for when it is literal (quotes and backslashes removed), else undefined. */
function literal(node: Node): string | undefined {
  switch (node.type) {
    case 'word':
    case 'number':
      return node.text.replace(/\\(\n|.)/g, (_, c: string) => (c === '\n' ? '' : c));
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'string': {
      if (node.namedChildren.some((c) => c.type !== 'string_content')) return undefined;
      return node.text.slice(1, -1).replace(/\\([\\"$`\n])/g, (_, c: string) => (c === '\n' ? '' : c));
    }
    case 'concatenation': {
      let text = '';
      for (const child of node.namedChildren) {
        const value = literal(child);
        if (value === undefined) return undefined;
        text += value;
      }
      return text;
    }
    default:
      return undefined;
  }
}

/** Nodes compared by their exact text: words, quoted strings, here-document bodies, comments. */
const VERBATIM = new Set([
  'word',
  'number',
  'raw_string',
  'string',
  'ansi_c_string',
  'translated_string',
  'concatenation',
  'simple_expansion',
  'expansion',
  'heredoc_body',
  'heredoc_start',
  'heredoc_end',
  'comment',
]);

/**
 * The line with only its layout normalized: words, strings and here-document bodies as written, and
 * between tokens one space — or a newline where the gap held one (a newline ends a command). Anything
 * else found between tokens is kept as it is. Two lines with the same canonical form are the same command.
 */
function canonicalOf(root: Node, source: string): string {
  const between = (gap: string, edge: boolean) => {
    const blank = gap.replace(/\\\n/g, ' ');
    if (/\S/.test(blank)) return gap;
    return edge ? '' : blank.includes('\n') ? '\n' : blank === '' ? '' : ' ';
  };
  let out = '';
  let end = 0;
  let first = true;
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.childCount === 0 || VERBATIM.has(n.type)) {
      if (n.startIndex >= end) out += between(source.slice(end, n.startIndex), first);
      out += source.slice(Math.max(end, n.startIndex), n.endIndex);
      end = Math.max(end, n.endIndex);
      first = false;
      continue;
    }
    for (let c = n.childCount - 1; c >= 0; c--) stack.push(n.child(c)!);
  }
  return out + between(source.slice(end), true);
}
