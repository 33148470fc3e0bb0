// Hostile command lines against Bash rules: what a prefix rule may allow unasked, what must be asked, and
// what a deny rule must still catch, whatever the line wraps the command in.
import { describe, expect, it } from 'vitest';
import { decide } from './decide';
import { generalizeRule } from './generalize';
import { parseRule, RuleError } from './rules';
import { loadShellParser, parseShellLine } from './shell-command';
import type { PermissionEnv, PermissionMode, PermissionRules, ToolInvocation } from './types';

await loadShellParser();

const bash = (command: string): ToolInvocation => ({
  tool: 'Bash',
  effect: 'exec',
  input: { command },
  target: { paths: ['/work/proj'], command },
});
const env = (rules: Partial<PermissionRules>, mode: PermissionMode = 'default'): PermissionEnv => ({
  mode,
  rules: { allow: [], ask: [], deny: [], ...rules },
  workdir: '/work/proj',
  home: '/home/ann',
});

describe('a Bash(prefix:*) rule allows only plain commands', () => {
  const allowed = env({ allow: ['Bash(echo:*)', 'Bash(ls:*)', 'Bash(wc:*)', 'Bash(npm test:*)'] });

  it.each([
    ['echo x'],
    ["echo '>' x"], // a quoted operator is a word
    ['echo "a && b; c | d > e"'],
    ['echo a\\;b\\>c'],
    ['echo x;'],
    ['echo x # > f'],
    ['"echo" x'],
    ["e'c'ho x"],
    ['\\echo x'],
    ['echo $HOME "${USER}" ${#PATH} *.ts ~/x {1..3}'],
    ["echo $'\\x3e' f"],
    ['npm test 2>&1'], // redirections that touch no file
    ['npm test >/dev/null 2>&1'],
    ['echo x >&2'],
    ['echo x 2>&-'],
    ['ls && echo done'], // every part allowed
    ['ls || echo none'],
    ['ls | wc -l'],
    ['ls; echo x'],
    ['ls & echo x'],
    ['ls\necho x'],
    ['(ls && echo x)'],
    ['{ ls; echo x; }'],
    ['! ls'],
  ])('allows %j', (command) => {
    expect(decide(bash(command), allowed)).toMatchObject({ decision: 'allow' });
  });

  it.each([
    // redirections of each kind
    ['echo x > /outside/f'],
    ['echo x >> /outside/f'],
    ['echo x 2> /outside/f'],
    ['echo x 1>/outside/f'],
    ['echo x &> /outside/f'],
    ['echo x &>> /outside/f'],
    ['echo x >| /outside/f'],
    ['echo x >& /outside/f'],
    ['echo x <> /outside/f'],
    ['>/outside/f echo x'],
    ['echo x 2>&1 >/outside/f'],
    ['wc -l < /etc/passwd'],
    ['echo x <<< y'],
    ['echo x <<EOF\nhi\nEOF'],
    ["echo x <<'EOF'\nhi\nEOF"],
    // substitutions
    ['echo $(rm -rf x)'],
    ['echo "$(id)"'],
    ['echo `id`'],
    ['echo "`id`"'],
    ['echo <(rm x)'],
    ['echo >(tee /outside/f)'],
    ['echo ${x:-$(id)}'],
    ['echo $((x[$(id)]))'],
    ['echo ${x@P}'],
    ['$CMD x'],
    // control operators and groups with a part not allowed
    ['echo x; rm y'],
    ['echo x && rm y'],
    ['echo x || rm y'],
    ['echo x | sh'],
    ['echo x |& sh'],
    ['echo x & rm y'],
    ['echo x\nrm y'],
    ['echo x\r\nrm y'],
    ['(echo x; rm y)'],
    ['{ rm y; }'],
    ['(ls) > /outside/f'],
    // evaluation, variables, functions, loops, conditions
    ['eval "echo x > /outside/f"'],
    ['eval echo x'],
    ['FOO=1 echo x'],
    ['PATH=/tmp echo x'],
    ['PATH=/tmp; echo x'],
    ['export PATH=/tmp; echo x'],
    ['f() { echo x; }; f'],
    ['for i in 1; do echo $i; done'],
    ['if true; then echo x; fi'],
    ['[[ -f x ]] && echo x'],
    // not readable
    ['echo "unterminated'],
    ['echo x >'],
    ['echo $('],
  ])('asks before %j', (command) => {
    expect(decide(bash(command), allowed)).toMatchObject({ decision: 'ask' });
  });

  it('asks about a line it cannot read even in unrestricted mode or with a bare Bash rule, saying why', () => {
    for (const e of [env({}, 'unrestricted'), env({ allow: ['Bash'] })])
      expect(decide(bash('echo "unterminated'), e)).toEqual({
        decision: 'ask',
        reason:
          'the command could not be read (it is not complete, valid shell syntax), so no rule can allow it',
        why: { kind: 'unreadable', problem: 'it is not complete, valid shell syntax' },
      });
    expect(decide(bash('echo "unterminated'), env({}, 'plan')).decision).toBe('deny');
    expect(decide(bash('echo "unterminated'), env({ deny: ['Bash'] }, 'unrestricted')).decision).toBe('deny');
  });
});

describe('a deny rule catches the command wherever the line puts it', () => {
  const denied = env({ allow: ['Bash'], deny: ['Bash(rm:*)'] }, 'unrestricted');
  it.each([
    ['rm -rf x'],
    ['echo $(rm -rf x)'],
    ['echo "`rm x`"'],
    ['ls && rm x'],
    ['ls || rm x'],
    ['ls; rm x'],
    ['ls\nrm x'],
    ['ls | rm x'],
    ['ls & rm x'],
    ['(rm x)'],
    ['{ rm x; }'],
    ['FOO=1 rm x'],
    ['rm x > /dev/null 2>&1'],
    ["'rm' x"],
    ['\\rm x'],
    ['r"m" x'],
    ['cat <(rm x)'],
    ['cat <<EOF\n$(rm x)\nEOF'],
    ['f() { rm x; }; f'],
    ['for i in 1; do rm $i; done'],
    ['if rm x; then :; fi'],
    ['eval "rm x"'],
    ["eval 'ls; rm x'"],
    ['export A=$(rm x)'],
  ])('denies %j', (command) => {
    expect(decide(bash(command), denied)).toMatchObject({ decision: 'deny', rule: 'Bash(rm:*)' });
  });

  it('does not mistake a quoted word for the command', () => {
    expect(decide(bash('echo "rm x"'), denied).decision).toBe('allow');
    expect(decide(bash("echo 'rm -rf /'; ls"), denied).decision).toBe('allow');
  });
});

describe('rules that say more than a plain command', () => {
  it('an exact rule spelling a redirection or compound line matches that line only', () => {
    const e = env({ allow: ['Bash(echo x > out.txt)', 'Bash(npm ci && npm test)'] });
    expect(decide(bash('echo x   >   out.txt'), e).decision).toBe('allow');
    expect(decide(bash('echo x > other.txt'), e).decision).toBe('ask');
    expect(decide(bash('echo x > out.txt; rm y'), e).decision).toBe('ask');
    expect(decide(bash('npm ci && npm test'), e).decision).toBe('allow');
    expect(decide(bash('npm ci && npm test && rm y'), e).decision).toBe('ask');
    // spacing inside quotes and here-documents is part of the command; so is every word of a here-document
    expect(decide(bash('echo "a  b"'), env({ allow: ['Bash(echo "a b")'] })).decision).toBe('ask');
    const heredoc = env({ allow: ['Bash(cat <<EOF > out.md\nhi $(date) there\nEOF)'] });
    expect(decide(bash('cat <<EOF > out.md\nhi $(date) there\nEOF'), heredoc).decision).toBe('allow');
    expect(decide(bash('cat <<EOF > out.md\nrm $(date) there\nEOF'), heredoc).decision).toBe('ask');
    expect(decide(bash('cat <<EOF > out.md\nhi  $(date) there\nEOF'), heredoc).decision).toBe('ask');
    expect(decide(bash('cat <<EOF > out.md\nhi $(date) there\n\nEOF'), heredoc).decision).toBe('ask');
  });

  it('a prefix rule must be one plain command', () => {
    for (const text of ['Bash(echo x > f:*)', 'Bash(FOO=1 npm:*)', 'Bash(echo $(id):*)', 'Bash(a | b:*)']) {
      expect(() => parseRule(text)).toThrow(RuleError);
      expect(() => parseRule(text)).toThrow(/must be one command of plain words/);
    }
  });

  it('"always" saves a rule that allows the very line it was made from, and no more', () => {
    for (const command of [
      'echo x > out.txt',
      'cat <<EOF > notes.md\nline one\n\nline three\nEOF',
      'FOO=1 npm test',
      'npm test 2>&1 | tail -5',
    ]) {
      const rule = generalizeRule(bash(command), env({}));
      expect(decide(bash(command), env({ allow: [rule] }))).toMatchObject({ decision: 'allow', rule });
      expect(decide(bash(`${command}\nrm y`), env({ allow: [rule] })).decision).toBe('ask');
    }
  });
});

describe('parseShellLine', () => {
  it('finds every command with its unquoted words, substitutions and eval included', () => {
    const line = parseShellLine('FOO=1 "git" diff $(cat "a b") | wc -l; eval \'rm x\'');
    expect(line).toMatchObject({
      readable: true,
      combined: true,
      parts: [
        { words: ['git', 'diff', '$(cat "a b")'], plain: false },
        { words: ['cat', 'a b'], plain: true },
        { words: ['wc', '-l'], plain: true },
        { words: ['eval', 'rm x'], plain: true },
        { words: ['rm', 'x'], plain: true },
      ],
    });
  });

  it('gives up on lines too long or too deep to read, saying so', () => {
    expect(parseShellLine(`echo ${'a'.repeat(100_001)}`)).toEqual({
      readable: false,
      why: 'the command is over 100000 characters',
    });
    expect(parseShellLine(`echo ${'$('.repeat(300)}x${')'.repeat(300)}`)).toEqual({
      readable: false,
      why: 'it nests too deeply',
    });
  });
});
