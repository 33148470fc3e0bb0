// The CLI and Claude Code's fields: `--plugin-dir` for skills list / show, validate, run and serve (a
// plugin that is not one is a usage error), `run plugin:skill`, `skills list` leaving out the skills for
// models only unless `--all`, and `run` refusing them in words naming the field.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeTree } from '../../core/test-support';
import { startLlmServer, type LlmServer } from '../../core/testing/llm-server';
import { captureStdout, runCli } from '../test-support';

let server: LlmServer;
beforeAll(async () => {
  server = await startLlmServer();
});
afterAll(() => server.close());

const temps: string[] = [];
const tempDir = (prefix = 'skilldeck-cli-') => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const skill = (name: string, extra = '') =>
  `---\nname: ${name}\ndescription: The ${name} skill.\n${extra}---\nYou are ${name}.\n`;

/** A plugin `kit` (named in its manifest), a folder with a skill for models only, a data folder. */
function setup() {
  const root = tempDir();
  writeTree(root, {
    'kit-folder/.claude-plugin/plugin.json': JSON.stringify({ name: 'kit' }),
    'kit-folder/skills/lint/SKILL.md': skill('lint'),
    'kit-folder/skills/helper/SKILL.md': skill('helper', 'user-invocable: false\neffort: high\n'),
    'mine/visible/SKILL.md': skill('visible'),
    'mine/quiet/SKILL.md': skill('quiet', 'user-invocable: false\n'),
  });
  return {
    plugin: path.join(root, 'kit-folder'),
    skills: path.join(root, 'mine'),
    dataDir: path.join(root, 'data'),
    root,
  };
}

const provider = () => ['--provider', 'openai-compatible', '--base-url', `${server.url}/v1`, '--model', 'm'];

describe('--plugin-dir', () => {
  it('skills list and show find the plugin’s skills as plugin:skill', async () => {
    const { plugin, dataDir } = setup();
    const list = await runCli(['skills', 'list', '--plugin-dir', plugin, '--data-dir', dataDir]);
    expect(list.code).toBe(0);
    expect(list.out).toContain(`plugin   ${path.join(plugin, 'skills')} (ids kit:…)`);
    expect(list.out).toMatch(/^kit:lint\s+plugin\s+The lint skill\.$/m);
    const json = await runCli(['skills', 'list', '--plugin-dir', plugin, '--data-dir', dataDir, '--json']);
    expect((JSON.parse(json.out) as { id: string }[]).map((s) => s.id)).toContain('kit:lint');
    const show = await runCli(['skills', 'show', 'kit:lint', '--plugin-dir', plugin, '--data-dir', dataDir]);
    expect(show.code).toBe(0);
    expect(show.out).toContain('kit:lint — lint');
    // the command created nothing
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('run plugin:skill runs the plugin’s skill', async () => {
    const { plugin, dataDir } = setup();
    server.script({ text: 'linted' });
    const before = server.requests.length;
    const { code, stdout } = await captureStdout(() =>
      import('../cli').then(({ main }) =>
        main(
          ['run', 'kit:lint', '--input', 'x', '--plugin-dir', plugin, '--data-dir', dataDir, ...provider()],
          { out: () => undefined, err: () => undefined },
        ),
      ),
    );
    expect(code).toBe(0);
    expect(stdout).toContain('linted');
    const body = server.requests[before]!.body as { messages: { content: string }[] };
    expect(body.messages[0]!.content).toContain('You are lint.');
  });

  it('validate --plugin-dir checks the plugin and names its skills plugin:skill, with notes', async () => {
    const { plugin } = setup();
    const result = await runCli(['validate', '--plugin-dir', plugin]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/✓ .*kit-folder\/skills\/lint \(kit:lint\)/);
    expect(result.out).toContain(
      'note: `effort: high` is a thinking budget of 16384 tokens on Anthropic models and reasoning_effort "high" on OpenAI models; other providers (OpenAI-compatible servers) ignore it',
    );
    const json = JSON.parse((await runCli(['validate', '--plugin-dir', plugin, '--json'])).out) as {
      id: string;
      notes?: string[];
    }[];
    expect(json.map((v) => v.id).sort()).toEqual(['kit:helper', 'kit:lint']);
  });

  it('is a usage error for every command when the folder is not a plugin or its name is not one', async () => {
    const { root, dataDir } = setup();
    writeTree(root, {
      'bare/README.md': 'no skills here',
      'evil/.claude-plugin/plugin.json': JSON.stringify({ name: '../../etc' }),
      'evil/skills/a/SKILL.md': skill('a'),
    });
    const cases: [string, string][] = [
      [path.join(root, 'bare'), 'has no skills/ folder'],
      [path.join(root, 'evil'), 'is named "../../etc" in .claude-plugin/plugin.json'],
      [path.join(root, 'nowhere'), 'there is no plugin folder'],
      ['/proc', 'is a system folder'],
    ];
    for (const [dir, said] of cases)
      for (const args of [
        ['skills', 'list'],
        ['skills', 'show', 'x'],
        ['validate'],
        ['run', 'x', '--input', 'hi'],
        ['serve', '--port', '0'],
        ['mcp'],
      ]) {
        const r = await runCli([...args, '--plugin-dir', dir, '--data-dir', dataDir]);
        expect(r, `${args.join(' ')} --plugin-dir ${dir}`).toMatchObject({
          code: 2,
          out: '',
          err: expect.stringContaining(said) as string,
        });
      }
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

describe('user-invocable: false on the command line', () => {
  it('skills list leaves such skills out and counts them; --all lists them, marked', async () => {
    const { skills, dataDir } = setup();
    const plain = await runCli(['skills', 'list', '--skills-dir', skills, '--data-dir', dataDir]);
    expect(plain.code).toBe(0);
    expect(plain.out).toMatch(/^visible\s/m);
    expect(plain.out).not.toMatch(/^quiet\s/m);
    expect(plain.out).toMatch(/\n\n1 skill is for models only \(user-invocable: false\): --all lists it\.$/);
    const json = JSON.parse(
      (await runCli(['skills', 'list', '--skills-dir', skills, '--data-dir', dataDir, '--json'])).out,
    ) as { id: string }[];
    expect(json.map((s) => s.id)).not.toContain('quiet');

    const all = await runCli(['skills', 'list', '--all', '--skills-dir', skills, '--data-dir', dataDir]);
    expect(all.out).toMatch(
      /^quiet\s+folder\s+The quiet skill\.\n\s+for models only \(user-invocable: false\): agents activate it$/m,
    );
    expect(all.out).not.toContain('--all lists');
    const allJson = JSON.parse(
      (await runCli(['skills', 'list', '--all', '--skills-dir', skills, '--data-dir', dataDir, '--json']))
        .out,
    ) as { id: string; userInvocable: boolean }[];
    expect(allJson.find((s) => s.id === 'quiet')?.userInvocable).toBe(false);
    expect((await runCli(['validate', skills, '--all'])).code).toBe(2);
  });

  it('run refuses such a skill, naming the field, before any model call', async () => {
    const { skills, plugin, dataDir } = setup();
    const before = server.requests.length;
    for (const [id, where] of [
      ['quiet', ['--skills-dir', skills]],
      ['kit:helper', ['--plugin-dir', plugin]],
    ] as const) {
      const r = await runCli(['run', id, '--input', 'x', ...where, '--data-dir', dataDir, ...provider()]);
      expect(r.code).toBe(2);
      expect(r.err).toBe(
        `skilldeck: "${id}" is for models only (user-invocable: false in its SKILL.md): \`skilldeck run\` does not start it — agents do, with the Skill tool`,
      );
    }
    expect(server.requests.length).toBe(before);
  });
});
