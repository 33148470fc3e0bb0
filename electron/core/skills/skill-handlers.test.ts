import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestCore, skillText, tempFolder, writeTree, type TestCore } from '../test-support';
import { expectWordsSayMessage } from '../testing/error-words';

// The skills:* channels through the in-memory transport, on real folders.

let t: TestCore;
const temps: ReturnType<typeof tempFolder>[] = [];
afterEach(async () => {
  await t?.dispose();
  for (const tmp of temps.splice(0)) tmp.remove();
});

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const userSkill = (id: string) => path.join(t.dataDir, 'skills', id);

function withUserSkill(id: string, text: string) {
  writeTree(path.join(t.dataDir, 'skills'), { [`${id}/SKILL.md`]: text });
}

describe('skills:get', () => {
  it('reads the skill fresh: text, hash, body, definition, resources, findings', async () => {
    t = createTestCore();
    t.writeSkill(
      'translate',
      '---\nname: translate\ndescription: Translate.\nconfig:\n  target: fr\n---\nTranslate to {{config.target}}.\n',
    );
    writeTree(t.skillsDir, { 'translate/references/glossary.md': 'chat: cat\n' });
    const detail = await t.client.invoke('skills:get', { skillId: 'translate' });
    expect(detail).toMatchObject({
      id: 'translate',
      source: 'builtin',
      readOnly: true,
      body: 'Translate to {{config.target}}.\n',
      bodyLine: 7,
      hash: sha256(path.join(t.skillsDir, 'translate', 'SKILL.md')),
      definition: { name: 'translate', config: { target: 'fr' }, executionMode: 'prompt' },
      resources: [{ path: 'references/glossary.md', size: 10 }],
      findings: [],
    });
    expect(detail.raw).toContain('target: fr');
  });

  it('answers NOT_FOUND for an unknown skill', async () => {
    t = createTestCore();
    expect(await t.client.request('skills:get', { skillId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });
});

describe('skills:list', () => {
  it('says who may start each skill and what it reads: user-invocable, {{selection}}, arguments', async () => {
    t = createTestCore();
    t.writeSkill(
      'helper',
      '---\nname: helper\ndescription: For models.\nuser-invocable: false\n---\nHelp.\n',
    );
    t.writeSkill('fix', '---\nname: fix\ndescription: Fix.\n---\nFix {{selection}} as $ARGUMENTS says.\n');
    t.writeSkill('plain', '---\nname: plain\ndescription: Plain.\n---\nAnswer.\n');
    const list = await t.client.invoke('skills:list', undefined);
    const facts = Object.fromEntries(
      list.map((s) => [s.id, [s.userInvocable, s.usesSelection, s.takesArguments]] as const),
    );
    expect(facts).toEqual({
      helper: [false, false, false],
      fix: [true, true, true],
      plain: [true, false, false],
    });
  });
});

describe('skills:create', () => {
  it.each(['prompt', 'workflow', 'agent'] as const)(
    'creates a runnable "%s" skill in the user folder',
    async (template) => {
      t = createTestCore();
      const changes: unknown[] = [];
      t.client.on('skills:changed', (c) => changes.push(c));
      const created = await t.client.invoke('skills:create', {
        skillId: 'my-skill',
        template,
        description: 'Mine.',
      });
      expect(created).toMatchObject({
        id: 'my-skill',
        source: 'user',
        path: userSkill('my-skill'),
        description: 'Mine.',
        mode: template,
        runnable: true,
        findings: [],
        readOnly: false,
      });
      expect(fs.readFileSync(path.join(userSkill('my-skill'), 'SKILL.md'), 'utf8')).toBe(created.raw);
      expect(changes).toEqual([{ reason: 'my-skill created', ids: ['my-skill'] }]);
      expect((await t.client.invoke('skills:list', undefined)).map((s) => s.id)).toEqual(['my-skill']);
    },
  );

  it('refuses an id already taken, in any source, and ids that are not folder names', async () => {
    t = createTestCore();
    t.writeSkill('polish', skillText('polish'));
    const taken = await t.client.request('skills:create', { skillId: 'polish', template: 'prompt' });
    expect(taken).toMatchObject({
      ok: false,
      error: {
        code: 'CONFLICT',
        message: expect.stringMatching(/a skill "polish" already exists \(built-in/),
      },
    });
    if (!taken.ok) expectWordsSayMessage(taken.error.words, taken.error.message);
    for (const skillId of ['../escape', 'Upper', 'a/b', 'two--hyphens', '']) {
      const result = await t.client.request('skills:create', { skillId, template: 'prompt' });
      expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
    expect(fs.readdirSync(path.join(t.dataDir, 'skills'))).toEqual([]);
  });
});

describe('skills:update', () => {
  it('edits fields keeping comments and order, and returns the new hash', async () => {
    t = createTestCore();
    withUserSkill(
      'notes',
      '---\n# my notes skill\nname: notes\ndescription: Old.\nconfig:\n  tone: dry # keep it short\n---\nBody.\n',
    );
    const before = await t.client.invoke('skills:get', { skillId: 'notes' });
    const after = await t.client.invoke('skills:update', {
      skillId: 'notes',
      baseHash: before.hash,
      fields: { description: 'New.' },
      config: { tone: 'warm', extra: 1 },
    });
    expect(after.raw).toBe(
      '---\n# my notes skill\nname: notes\ndescription: New.\nconfig:\n  tone: warm # keep it short\n  extra: 1\n---\nBody.\n',
    );
    expect(after.hash).toBe(sha256(path.join(userSkill('notes'), 'SKILL.md')));
    expect(after.hash).not.toBe(before.hash);
    expect(after.description).toBe('New.');

    const body = await t.client.invoke('skills:update', {
      skillId: 'notes',
      baseHash: after.hash,
      body: 'New body.\n',
      fields: { description: null },
    });
    expect(body.raw).not.toContain('description');
    expect(body).toMatchObject({ runnable: false, findings: [{ code: 'missing-description' }] });
  });

  it('replaces the raw text, even a broken one, which stays listed with its error', async () => {
    t = createTestCore();
    withUserSkill('raw', skillText('raw'));
    const { hash } = await t.client.invoke('skills:get', { skillId: 'raw' });
    const broken = await t.client.invoke('skills:update', {
      skillId: 'raw',
      baseHash: hash,
      raw: '---\nname: [\n---\n',
    });
    expect(broken).toMatchObject({ runnable: false, findings: [{ code: 'yaml-error' }] });
    // a field edit of an unreadable file is refused (rewriting it would lose what the user wrote)
    const refused = await t.client.request('skills:update', {
      skillId: 'raw',
      baseHash: broken.hash,
      fields: { name: 'raw' },
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/raw editor/) },
    });
  });

  it('answers CONFLICT with the current hash when the file changed on disk since it was read', async () => {
    t = createTestCore();
    withUserSkill('shared', skillText('shared'));
    const opened = await t.client.invoke('skills:get', { skillId: 'shared' });
    const file = path.join(userSkill('shared'), 'SKILL.md');
    fs.writeFileSync(file, skillText('shared', 'Edited in another editor.'));
    for (const edit of [{ raw: skillText('shared', 'Mine.') }, { fields: { description: 'Mine.' } }]) {
      const result = await t.client.request('skills:update', {
        skillId: 'shared',
        baseHash: opened.hash,
        ...edit,
      });
      expect(result).toEqual({
        ok: false,
        error: {
          code: 'CONFLICT',
          message: `${file} changed on disk since you opened it; reopen it and apply your edit again (current hash: ${sha256(file)})`,
        },
      });
    }
    expect(fs.readFileSync(file, 'utf8')).toBe(skillText('shared', 'Edited in another editor.'));
  });

  it('refuses to edit built-in and plugin skills, suggesting to duplicate them', async () => {
    const plugin = tempFolder('skilldeck-plugin-');
    temps.push(plugin);
    writeTree(plugin.dir, { 'skills/lint/SKILL.md': skillText('lint') });
    t = createTestCore({ pluginDirs: [plugin.dir] });
    t.writeSkill('polish', skillText('polish'));
    const id = `${path.basename(plugin.dir)}:lint`;
    for (const skillId of ['polish', id]) {
      const { hash } = await t.client.invoke('skills:get', { skillId });
      const result = await t.client.request('skills:update', { skillId, baseHash: hash, body: 'x' });
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN', message: expect.stringMatching(/cannot be edited: duplicate it/) },
      });
      if (!result.ok) expectWordsSayMessage(result.error.words, result.error.message);
    }
  });

  it('rejects raw together with fields, and an empty edit', async () => {
    t = createTestCore();
    withUserSkill('a', skillText('a'));
    for (const input of [
      { skillId: 'a', baseHash: 'x', raw: 'x', body: 'y' },
      { skillId: 'a', baseHash: 'x' },
    ]) {
      expect(await t.client.request('skills:update', input)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT' },
      });
    }
  });
});

describe('skills:check', () => {
  const snapshot = (dir: string) =>
    fs.readdirSync(dir, { recursive: true, withFileTypes: true }).map((e) => {
      const file = path.join(e.parentPath, e.name);
      const stat = fs.statSync(file);
      return [file, stat.mtimeMs, e.isFile() ? fs.readFileSync(file, 'utf8') : null];
    });

  it('finds what loading the text would, at its lines, without writing anything', async () => {
    t = createTestCore();
    withUserSkill('notes', skillText('notes'));
    const dir = userSkill('notes');
    const before = { folder: fs.statSync(dir).mtimeMs, files: snapshot(dir) };
    const check = (text: string) => t.client.invoke('skills:check', { skillId: 'notes', text });

    const broken = await check('---\nname: notes\ndescription: [unclosed\nmodel: x\n---\nBody.\n');
    expect(broken.definition).toBeNull();
    expect(broken.findings).toEqual([
      {
        code: 'yaml-error',
        severity: 'error',
        message:
          'YAML error at column 1: a [ … ] or { … } is not closed — close it, or indent the lines that continue it',
        // the words cross the wire too (the dashboard says the finding in its language)
        words: { key: 'findings.yamlFlowNotClosed', values: { column: 1 } },
        file: path.join(dir, 'SKILL.md'),
        line: 4,
      },
    ]);

    const tabbed = await check('---\nname: notes\ndescription: ok\n\tmodel: x\n---\nBody.\n');
    expect(tabbed.findings).toMatchObject([
      {
        code: 'yaml-error',
        message: 'YAML error at column 1: a line is indented with a tab — indent with spaces',
        line: 4,
      },
    ]);

    const missing = await check('---\nname: notes\nmodel: x\n---\nBody.\n');
    expect(missing.findings).toMatchObject([{ code: 'missing-description', severity: 'error' }]);
    expect(missing.definition).toEqual({ name: 'notes', description: '', mode: 'prompt' });

    const valid = await check(
      '---\nname: notes\ndescription: Takes notes.\nexecution-mode: agent\n---\nB.\n',
    );
    expect(valid).toEqual({
      findings: [],
      definition: { name: 'notes', description: 'Takes notes.', mode: 'agent' },
    });

    // the folder is the context: its name is checked
    const renamed = await check(skillText('other'));
    expect(renamed.findings).toMatchObject([{ code: 'name-mismatch', line: 2 }]);

    expect(fs.statSync(dir).mtimeMs).toBe(before.folder);
    expect(snapshot(dir)).toEqual(before.files);
    expect(fs.readdirSync(path.join(t.dataDir, 'skills'))).toEqual(['notes']);
    const get = await t.client.invoke('skills:get', { skillId: 'notes' });
    expect(get.raw).toBe(skillText('notes'));
  });

  it('uses the folder layout of the skill, and checks text with no skill as a new one', async () => {
    t = createTestCore();
    writeTree(t.skillsDir, {
      'steps/SKILL.md': skillText('steps'),
      'steps/phases/01-draft.md': 'Draft.\n',
    });
    const phased = await t.client.invoke('skills:check', { skillId: 'steps', text: skillText('steps') });
    expect(phased).toEqual({
      findings: [],
      definition: { name: 'steps', description: 'Does steps things.', mode: 'phases' },
    });
    const alone = await t.client.invoke('skills:check', { text: skillText('anything') });
    expect(alone).toEqual({
      findings: [],
      definition: { name: 'anything', description: 'Does anything things.', mode: 'prompt' },
    });
    const nameless = await t.client.invoke('skills:check', { text: '---\ndescription: d\n---\n' });
    expect(nameless).toEqual({ findings: [], definition: { name: '', description: 'd', mode: 'prompt' } });
    expect(await t.client.request('skills:check', { skillId: 'nope', text: '' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await t.client.request('skills:check', { text: 'x'.repeat(1024 * 1024 + 1) })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });

  it('applies the form’s unsaved edit to the text as saving it would, and answers the text checked', async () => {
    t = createTestCore();
    withUserSkill('notes', skillText('notes'));
    const before = fs.readFileSync(path.join(userSkill('notes'), 'SKILL.md'), 'utf8');
    const checked = await t.client.invoke('skills:check', {
      skillId: 'notes',
      text: before,
      edit: { fields: { model: 'small', output: 'teleport' }, config: { tone: 'dry' }, body: 'New body.\n' },
    });
    expect(checked.text).toContain('New body.');
    expect(checked.text).toMatch(/model: small/);
    expect(checked.text).toMatch(/tone: dry/);
    expect(checked.findings).toMatchObject([{ code: 'invalid-output', severity: 'error' }]);
    // nothing written
    expect(fs.readFileSync(path.join(userSkill('notes'), 'SKILL.md'), 'utf8')).toBe(before);
    // a frontmatter the form cannot edit is refused, as a save would be
    expect(
      await t.client.request('skills:check', {
        skillId: 'notes',
        text: '---\nname: [x\n---\n',
        edit: { body: 'b' },
      }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});

describe('skills:duplicate', () => {
  it('copies a built-in into the user folder under a new id, renaming it, with its files', async () => {
    t = createTestCore();
    t.writeSkill('translate', '---\nname: translate # the name\ndescription: Translate.\n---\nBody.\n');
    writeTree(t.skillsDir, { 'translate/references/glossary.md': 'g', 'translate/.cache/x': 'skip' });
    const copy = await t.client.invoke('skills:duplicate', { skillId: 'translate', newId: 'my-translate' });
    expect(copy).toMatchObject({
      id: 'my-translate',
      name: 'my-translate',
      source: 'user',
      readOnly: false,
      findings: [],
      resources: [{ path: 'references/glossary.md', size: 1 }],
    });
    expect(copy.raw).toBe('---\nname: my-translate # the name\ndescription: Translate.\n---\nBody.\n');
    expect(fs.existsSync(path.join(userSkill('my-translate'), '.cache'))).toBe(false);
    expect(fs.readFileSync(path.join(t.skillsDir, 'translate', 'SKILL.md'), 'utf8')).toContain(
      'name: translate',
    );
    expect(fs.readdirSync(path.join(t.dataDir, 'skills'))).toEqual(['my-translate']); // no staging left
  });

  it('edits a copy of translate in place: config under metadata.skilldeck stays there', async () => {
    t = createTestCore();
    const builtin = fs.readFileSync(path.join(__dirname, '../../../skills/translate/SKILL.md'), 'utf8');
    t.writeSkill('translate', builtin);
    const copy = await t.client.invoke('skills:duplicate', { skillId: 'translate', newId: 'my-translate' });
    const edited = await t.client.invoke('skills:update', {
      skillId: 'my-translate',
      baseHash: copy.hash,
      fields: { 'execution-mode': 'prompt', output: 'clipboard' },
      config: { target_language: 'French' },
    });
    expect(edited.findings).toEqual([]);
    expect(edited.definition).toMatchObject({
      output: 'clipboard',
      config: { target_language: 'French', source_language: 'auto' },
    });
    const onDisk = fs.readFileSync(path.join(userSkill('my-translate'), 'SKILL.md'), 'utf8');
    expect(onDisk).toBe(
      builtin
        .replace('name: translate', 'name: my-translate')
        .replace('output: insert_text', 'output: clipboard')
        .replace('target_language: English', 'target_language: French'),
    );
    expect(onDisk).not.toMatch(/^(config|output|execution-mode):/m);
  });

  it('may take the id of a skill it then shadows, but not one the user folder has', async () => {
    t = createTestCore();
    t.writeSkill('polish', skillText('polish'));
    const mine = await t.client.invoke('skills:duplicate', { skillId: 'polish', newId: 'polish' });
    expect(mine).toMatchObject({ source: 'user', shadowedBy: null });
    const list = await t.client.invoke('skills:list', undefined);
    expect(list.find((s) => s.source === 'builtin')!.shadowedBy).toEqual({
      source: 'user',
      path: userSkill('polish'),
    });
    expect(await t.client.request('skills:duplicate', { skillId: 'polish', newId: 'polish' })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' },
    });
  });
});

describe('skills:delete, skills:trash, skills:restore', () => {
  it('moves a skill to <data>/trash/<time>-<id>/, lists it, and restores it as it was', async () => {
    t = createTestCore();
    withUserSkill('old', skillText('old'));
    writeTree(userSkill('old'), { 'references/r.md': 'r' });
    await t.client.invoke('meta:update', { skillId: 'old', patch: { emoji: '🦉' } });
    const trashed = await t.client.invoke('skills:delete', { skillId: 'old' });
    expect(trashed).toMatchObject({ skillId: 'old', source: 'user', originalPath: userSkill('old') });
    expect(trashed.trashId).toMatch(/^\d+-old$/);
    expect(fs.existsSync(userSkill('old'))).toBe(false);
    const inTrash = path.join(t.dataDir, 'trash', trashed.trashId);
    expect(fs.readFileSync(path.join(inTrash, 'references', 'r.md'), 'utf8')).toBe('r');
    expect(await t.client.request('skills:get', { skillId: 'old' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await t.client.invoke('skills:trash', undefined)).toEqual([trashed]);

    const restored = await t.client.invoke('skills:restore', { trashId: trashed.trashId });
    expect(restored).toMatchObject({ id: 'old', source: 'user', meta: { emoji: '🦉' } });
    expect(fs.readFileSync(path.join(userSkill('old'), 'references', 'r.md'), 'utf8')).toBe('r');
    expect(await t.client.invoke('skills:trash', undefined)).toEqual([]);
  });

  it('refuses to delete a built-in, and to restore over a folder that came back', async () => {
    t = createTestCore();
    t.writeSkill('polish', skillText('polish'));
    expect(await t.client.request('skills:delete', { skillId: 'polish' })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: expect.stringMatching(/built-in skill and cannot be deleted/) },
    });
    withUserSkill('twice', skillText('twice'));
    const { trashId } = await t.client.invoke('skills:delete', { skillId: 'twice' });
    withUserSkill('twice', skillText('twice', 'A new one.'));
    const blocked = await t.client.request('skills:restore', { trashId });
    expect(blocked).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', message: expect.stringMatching(/exists again/) },
    });
    if (!blocked.ok) expectWordsSayMessage(blocked.error.words, blocked.error.message);
    expect(await t.client.request('skills:restore', { trashId: '1-nothing' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await t.client.request('skills:restore', { trashId: '../etc' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });
});

describe('skills:sources', () => {
  it('lists the searched folders by precedence and offers well-known folders that exist', async () => {
    const home = tempFolder('skilldeck-home-');
    const extra = tempFolder('skilldeck-extra-');
    temps.push(home, extra);
    fs.mkdirSync(path.join(home.dir, '.claude', 'skills'), { recursive: true });
    t = createTestCore({
      homeDir: home.dir,
      skillDirs: [
        { dir: '/no/such/builtin', source: 'builtin' },
        { dir: extra.dir, source: 'folder' },
      ],
    });
    writeTree(extra.dir, { 'a/SKILL.md': skillText('a'), 'b/SKILL.md': skillText('b') });
    const sources = await t.client.invoke('skills:sources', undefined);
    expect(sources).toEqual([
      expect.objectContaining({
        kind: 'user',
        path: path.join(t.dataDir, 'skills'),
        active: true,
        precedence: 0,
        skillCount: 0,
      }),
      expect.objectContaining({
        kind: 'folder',
        path: extra.dir,
        exists: true,
        precedence: 1,
        skillCount: 2,
      }),
      expect.objectContaining({ kind: 'builtin', path: '/no/such/builtin', exists: false, precedence: 2 }),
      {
        kind: 'folder',
        path: path.join(home.dir, '.claude', 'skills'),
        exists: true,
        active: false,
        offered: true,
        removable: false,
        precedence: null,
        namespace: null,
        pluginDir: null,
        installedAs: null,
        skillCount: 0,
        findings: [],
      },
      expect.objectContaining({
        path: path.join(home.dir, '.agents', 'skills'),
        exists: false,
        offered: true,
      }),
      expect.objectContaining({
        path: path.join(home.dir, '.codex', 'skills'),
        exists: false,
        offered: true,
      }),
    ]);
  });
});

describe('UI metadata', () => {
  it('never touches SKILL.md', async () => {
    t = createTestCore();
    withUserSkill('look', skillText('look'));
    const file = path.join(userSkill('look'), 'SKILL.md');
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(file, past, past);
    const before = { bytes: fs.readFileSync(file), mtime: fs.statSync(file).mtimeMs };
    await t.client.invoke('meta:update', {
      skillId: 'look',
      patch: {
        emoji: '🎨',
        color: '#123456',
        enabled: false,
        sortOrder: 3,
        hotkey: { accelerator: 'Alt+L', display: 'Alt+L' },
      },
    });
    expect(fs.readFileSync(file)).toEqual(before.bytes);
    expect(fs.statSync(file).mtimeMs).toBe(before.mtime);
    expect(fs.readdirSync(userSkill('look'))).toEqual(['SKILL.md']);
  });
});
