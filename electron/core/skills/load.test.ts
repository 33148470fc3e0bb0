import { describe, expect, it } from 'vitest';
import { loadSkillFile, type LoadContext } from './load';

const ctx: LoadContext = { file: '/skills/demo/SKILL.md', folderName: 'demo' };
const load = (text: string, extra: Partial<LoadContext> = {}) =>
  loadSkillFile(Buffer.from(text), { ...ctx, ...extra });
const codes = (text: string, extra: Partial<LoadContext> = {}) =>
  load(text, extra).findings.map((f) => `${f.severity}:${f.code}`);

describe('loadSkillFile: splitting', () => {
  it('tolerates a BOM and CRLF, and keeps a later --- in the body', () => {
    const loaded = load(
      '\uFEFF---\r\nname: demo\r\ndescription: Demo\r\n---\r\nBody line\r\n---\r\nmore body\r\n',
    );
    expect(loaded.findings).toEqual([]);
    expect(loaded.definition).toMatchObject({ name: 'demo', description: 'Demo' });
    expect(loaded.body).toBe('Body line\n---\nmore body\n');
    expect(loaded.bodyLine).toBe(5);
    expect(loaded.runnable).toBe(true);
  });

  it('refuses large, NUL-bearing and non-UTF-8 files fast, without parsing', () => {
    const big = Buffer.alloc(1024 * 1024 + 1, 'a');
    const started = performance.now();
    expect(loadSkillFile(big, ctx).findings[0]).toMatchObject({ code: 'file-too-large', severity: 'error' });
    expect(performance.now() - started).toBeLessThan(50);
    expect(loadSkillFile(Buffer.from('---\nname: a\0\n---\n'), ctx).findings[0]!.code).toBe('nul-bytes');
    expect(loadSkillFile(Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xc3, 0x28]), ctx).findings[0]!.code).toBe(
      'not-utf8',
    );
  });

  it('points YAML errors at their line and refuses alias bombs', () => {
    expect(load('---\nname: demo\ndescription: ok\ndescription: twice\n---\n').findings[0]).toMatchObject({
      code: 'yaml-error',
      line: 4,
      message: expect.stringMatching(/unique/i),
    });
    const bomb = ['---', 'a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 0; i < 8; i++)
      bomb.push(
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(97 + i)}`)
          .join(', ')}]`,
      );
    bomb.push('description: boom', '---', 'body');
    const started = performance.now();
    const loaded = load(bomb.join('\n'));
    expect(performance.now() - started).toBeLessThan(500);
    expect(loaded.findings[0]).toMatchObject({
      code: 'yaml-error',
      message: expect.stringMatching(/alias/i),
    });
  });

  it('does not execute or resolve custom tags', () => {
    const loaded = load('---\nname: demo\ndescription: !!js/function "function () { return 1 }"\n---\n');
    expect(loaded.findings.some((f) => f.code === 'yaml-warning' || f.code === 'yaml-error')).toBe(true);
    expect(typeof loaded.frontmatter?.description === 'function').toBe(false);
  });
});

describe('loadSkillFile: fields', () => {
  it('reads every spec, Claude Code and Skilldeck field', () => {
    const loaded = load(`---
name: demo
description: Demo skill
license: MIT
compatibility: Needs git
metadata:
  author: me
  version: 2
allowed-tools: Read, Bash(git diff:*)
disallowed-tools: [WebFetch]
argument-hint: "[file]"
arguments: file mode
when_to_use: When demoing
disable-model-invocation: "yes"
user-invocable: off
model: claude-sonnet-4
effort: high
context: fork
agent: explore
hooks:
  PreToolUse: []
paths: "src/**, docs/**"
shell: bash
execution-mode: agent
provider: ollama
config:
  target_language: French
max-iterations: 7
output: floating_card
---
Body
`);
    expect(loaded.findings).toEqual([]);
    expect(loaded.definition).toEqual({
      name: 'demo',
      description: 'Demo skill',
      license: 'MIT',
      compatibility: 'Needs git',
      metadata: { author: 'me', version: '2' },
      allowedTools: ['Read', 'Bash(git diff:*)'],
      disallowedTools: ['WebFetch'],
      argumentHint: '[file]',
      arguments: ['file', 'mode'],
      argumentSpecs: [{ name: 'file' }, { name: 'mode' }],
      whenToUse: 'When demoing',
      disableModelInvocation: true,
      userInvocable: false,
      model: 'claude-sonnet-4',
      effort: 'high',
      context: 'fork',
      agent: 'explore',
      hooks: { PreToolUse: [] },
      paths: ['src/**', 'docs/**'],
      shell: 'bash',
      executionMode: 'agent',
      executionModeDeclared: true,
      provider: 'ollama',
      config: { target_language: 'French' },
      maxIterations: 7,
      output: 'floating_card',
    });
  });

  it.each([
    ['true', true],
    ['False', false],
    ['yes', true],
    ['NO', false],
    ['on', true],
    ['off', false],
    ['1', true],
    ['0', false],
  ])('reads the boolean %s as %s', (text, value) => {
    expect(load(`---\ndescription: d\nuser-invocable: ${text}\n---\n`).definition!.userInvocable).toBe(value);
  });

  it('infers the execution mode: workflow from steps, phases from the layout, else prompt', () => {
    expect(load('---\ndescription: d\n---\n').definition!.executionMode).toBe('prompt');
    expect(load('---\ndescription: d\n---\n', { layout: 'phases' }).definition!.executionMode).toBe('phases');
    expect(load('---\ndescription: d\nworkflow: [{id: a, prompt: x}]\n---\n').definition).toMatchObject({
      executionMode: 'workflow',
      executionModeDeclared: false,
    });
    expect(codes('---\ndescription: d\nexecution-mode: phases\n---\n')).toEqual(['error:phases-missing']);
    expect(codes('---\ndescription: d\nexecution-mode: workflow\n---\n')).toEqual(['error:workflow-invalid']);
    expect(codes('---\ndescription: d\nexecution-mode: turbo\n---\n')).toEqual([
      'error:invalid-execution-mode',
    ]);
  });

  it('gives warnings, not errors, for fixable field problems, each with its line', () => {
    const loaded = load(
      '---\nname: Demo_Skill\ndescription: d\nuser-invocable: maybe\nmax-iterations: lots\ncontext: spoon\nfavourite: x\nicon: "🧩"\n---\n',
    );
    expect(loaded.runnable).toBe(true);
    expect(loaded.findings.map((f) => [f.code, f.line])).toEqual([
      ['name-mismatch', 2],
      ['name-format', 2],
      ['invalid-field', 4],
      ['invalid-field', 5],
      ['invalid-field', 6],
      ['unknown-field', 7],
      ['legacy-field', 8],
    ]);
    expect(loaded.definition!.userInvocable).toBe(true);
  });

  it('keeps an errored skill listed with its name and description, but not runnable', () => {
    const loaded = load(
      '---\nname: demo\ndescription: d\nworkflow: [{id: a, prompt: x, dependencies: [a]}]\n---\n',
    );
    expect(loaded.runnable).toBe(false);
    expect(loaded.definition).toMatchObject({ name: 'demo', description: 'd' });
    expect(loaded.findings).toEqual([
      expect.objectContaining({ code: 'workflow-cycle', message: 'workflow has a cycle: a → a' }),
    ]);
  });
});

describe('loadSkillFile: strict', () => {
  it('applies the spec only: extra fields, name rules and the folder match are errors', () => {
    expect(codes('---\nname: demo\ndescription: d\nmodel: x\n---\n', { strict: true })).toEqual([
      'error:strict-unexpected-fields',
    ]);
    expect(
      codes('---\nname: demo--x\ndescription: d\n---\n', { strict: true, folderName: 'demo--x' }),
    ).toEqual(['warning:name-format', 'error:strict-name']);
    expect(codes('\uFEFF---\nname: demo\ndescription: d\n---\n', { strict: true })).toContain(
      'error:strict-no-frontmatter',
    );
    expect(codes('\n---\nname: demo\ndescription: d\n---\n', { strict: true })).toContain(
      'error:strict-no-frontmatter',
    );
    expect(
      codes('---\nname: demo\ndescription: d\nallowed-tools: [Read, Grep]\n---\n', { strict: true }),
    ).toEqual(['error:strict-yaml']);
    expect(codes('---\nname: café\ndescription: d\n---\n', { strict: true, folderName: 'café' })).toEqual([
      'warning:name-format',
    ]);
    expect(
      codes('---\nname: demo\ndescription: d\nlicense: MIT\nmetadata:\n  a: 1\n---\n', { strict: true }),
    ).toEqual([]);
  });
});

describe('loadSkillFile: Skilldeck fields under metadata.skilldeck', () => {
  const text = `---
name: demo
description: d
metadata:
  author: me
  skilldeck:
    execution-mode: workflow
    model: gpt-4o-mini
    config:
      target_language: French
    workflow:
      steps:
        - id: a
          prompt: A
        - id: b
          prompt: B
          dependencies: [ghost]
    colour: blue
---
`;

  it('reads them like top-level fields, points at their lines, and keeps them out of metadata', () => {
    const loaded = load(text);
    expect(loaded.definition).toMatchObject({
      executionMode: 'workflow',
      model: 'gpt-4o-mini',
      config: { target_language: 'French' },
      metadata: { author: 'me' },
    });
    expect(loaded.findings.map((f) => [f.code, f.line])).toEqual([
      ['workflow-unknown-dependency', 17],
      ['unknown-field', 18],
    ]);
  });

  it('lets a top-level field win, with a warning', () => {
    const loaded = load('---\ndescription: d\nmodel: top\nmetadata:\n  skilldeck:\n    model: nested\n---\n');
    expect(loaded.definition!.model).toBe('top');
    expect(loaded.findings).toEqual([expect.objectContaining({ code: 'duplicate-field', line: 6 })]);
  });

  it('passes --strict, since only spec fields are at the top level', () => {
    const fixed = text
      .replace('[ghost]', '[a]')
      .replace('    colour: blue\n', '')
      .replace('dependencies: [a]', 'dependencies:\n            - a');
    expect(load(fixed, { strict: true }).findings).toEqual([]);
  });
});
