import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/ipc/result';
import { LEGACY_FIELDS } from './fields';
import { loadSkillFile } from './load';
import { firstSentence, GHOST_TWIN_ENDPOINT, migrateSkillText, normalizeColor } from './migrate';

const legacyDir = path.join(import.meta.dirname, 'testdata', 'legacy');
const fixture = (id: string) => fs.readFileSync(path.join(legacyDir, id, 'SKILL.md'), 'utf8');
const fixtures = fs.readdirSync(legacyDir).filter((id) => id !== 'current');

/** The frontmatter of a migrated text, as data. */
const frontmatter = (text: string) =>
  parse(
    text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n---\r?\n/)[0]!
      .slice(4),
  ) as Record<string, unknown>;

describe('migrateSkillText on the GHOSTYPE fixtures', () => {
  it.each(fixtures)('%s: loads afterwards with no legacy field and no error', (id) => {
    const before = loadSkillFile(fixture(id), { file: 'SKILL.md', folderName: id });
    expect(before.findings.some((f) => f.code === 'legacy-field')).toBe(true);

    const migrated = migrateSkillText(fixture(id), id);
    expect(migrated.legacy).toBe(true);
    const after = loadSkillFile(migrated.text, { file: 'SKILL.md', folderName: id });
    expect(after.findings.filter((f) => f.code === 'legacy-field' || f.severity === 'error')).toEqual([]);
    expect(
      Object.keys(frontmatter(migrated.text)).filter((k) => (LEGACY_FIELDS as readonly string[]).includes(k)),
    ).toEqual([]);
    expect(after.body).toBe(before.body);
  });

  it.each(fixtures)('%s: a second migration finds nothing to do', (id) => {
    const once = migrateSkillText(fixture(id), id).text;
    expect(migrateSkillText(once, id)).toEqual({
      legacy: false,
      text: once,
      changes: [],
      metadata: {},
      warnings: [],
    });
  });

  it('leaves a current file alone, byte for byte', () => {
    const text = fixture('current');
    expect(migrateSkillText(text, 'current')).toEqual({
      legacy: false,
      text,
      changes: [],
      metadata: {},
      warnings: [],
    });
  });

  it('translate: 中英互译 becomes source/target languages, both ways; UI fields become metadata', () => {
    const m = migrateSkillText(fixture('translate'), 'translate');
    expect(frontmatter(m.text)).toEqual({
      name: 'translate',
      description: '将选中的文字在中文和英文之间互相翻译，保留原文的语气和格式。',
      config: { source_language: 'Chinese', target_language: 'English', bidirectional: true },
    });
    expect(m.metadata).toEqual({
      emoji: '🌐',
      color: '#4a90d9',
      hotkey: { accelerator: 'CommandOrControl+Shift+T', display: '⌘⇧T' },
    });
    expect(m.changes).toContain('skill_type translate (中英互译) → config.source_language: Chinese');
    expect(m.changes).toContain(
      "id 6F1C2A4E-8B3D-4C7A-9E21-5D0B7A3C9F10 removed (the skill's id is its folder name)",
    );
    // the body names the languages itself, so there is nothing to warn about
    expect(m.warnings).toEqual([]);
  });

  it('translate: en→ja, with other behavior_config keys kept under config', () => {
    const m = migrateSkillText(fixture('translate-en-ja'), 'translate-en-ja');
    expect(frontmatter(m.text).config).toEqual({
      source_language: 'English',
      target_language: 'Japanese',
      formality: 'polite',
    });
    expect(m.metadata).toEqual({
      emoji: '🗾',
      color: '#ff6b6b',
      hotkey: { accelerator: 'Control+Alt+J', display: 'Ctrl+Alt+J' },
    });
  });

  it('translate: an unreadable translate_language is kept and warned about', () => {
    const m = migrateSkillText(
      '---\ndescription: x\nskill_type: translate\nbehavior_config:\n  translate_language: 看情况\n---\nTranslate.\n',
      'tr',
    );
    expect(frontmatter(m.text).config).toEqual({ translate_language: '看情况' });
    expect(m.warnings.join('\n')).toMatch(/translate_language 看情况 is not a form the migration reads/);
  });

  it('translate: a prompt that names no language gets a hint to use {{config.target_language}}', () => {
    const m = migrateSkillText(
      '---\ndescription: x\nskill_type: translate\nbehavior_config:\n  translate_language: zh→ja\n---\nTranslate it.\n',
      'tr',
    );
    expect(frontmatter(m.text).config).toEqual({ source_language: 'Chinese', target_language: 'Japanese' });
    expect(m.warnings.join('\n')).toMatch(/\{\{config\.target_language\}\}/);
  });

  it('memo: save_memo as the only tool and the output; a description from the skill type; a lone ⌥ is not a hotkey', () => {
    const m = migrateSkillText(fixture('memo'), 'memo');
    const fm = frontmatter(m.text);
    expect(fm).toMatchObject({ name: 'memo', 'allowed-tools': ['save_memo'], output: 'save_memo' });
    expect(fm.description).toBe('Save the selected text as a memo.');
    expect(m.text).toContain('allowed-tools: [save_memo]\n');
    expect(m.changes).toContain(
      'description added (from skill_type memo): "Save the selected text as a memo."',
    );
    expect(m.metadata).toEqual({ emoji: '📌', color: '#f5a623' });
    expect(m.warnings).toEqual([
      expect.stringMatching(/"⌥" is a modifier key alone \(right Option \(⌥\), key code 61\)/),
    ]);
  });

  it('ghostTwin: the Ghost Twin endpoint in config', () => {
    const m = migrateSkillText(fixture('ghost-twin'), 'ghost-twin');
    expect(frontmatter(m.text).config).toEqual({
      api_endpoint: GHOST_TWIN_ENDPOINT,
      reply_style: 'casual',
      context_turns: 6,
    });
    expect(GHOST_TWIN_ENDPOINT).toBe('/api/v1/ghost-twin/chat');
    expect(m.metadata.hotkey).toEqual({ accelerator: 'CommandOrControl+Alt+G', display: '⌘⌥G' });
  });

  it('custom: insert_text; name from the folder; description from the body after its heading', () => {
    const m = migrateSkillText(fixture('custom-reply'), 'custom-reply');
    expect(frontmatter(m.text)).toEqual({
      name: 'custom-reply',
      description: 'Write a short, friendly reply to the email you are given.',
      'allowed-tools': ['insert_text'],
    });
    expect(m.text.startsWith('---\nname: custom-reply\ndescription: Write a short')).toBe(true);
    // ⌃ and ⌘ both held: ⌘ stays Command (CommandOrControl would be Ctrl+Ctrl on Windows)
    expect(m.metadata).toEqual({
      emoji: '✉️',
      color: '#2ecc71',
      hotkey: { accelerator: 'Command+Control+R', display: '⌃⌘R' },
    });
  });

  it('polish: nothing to carry over beyond the prompt; the removal is noted', () => {
    const m = migrateSkillText(fixture('polish'), 'polish');
    expect(Object.keys(frontmatter(m.text))).toEqual(['name', 'description']);
    expect(m.changes[0]).toMatch(/^skill_type polish removed/);
    expect(m.warnings).toEqual([]);
  });

  it('an unknown skill type is dropped with a warning; Fn hotkeys are refused', () => {
    const m = migrateSkillText(fixture('web-search'), 'web-search');
    expect(frontmatter(m.text).config).toEqual({ result_count: 5 });
    expect(m.warnings).toEqual([
      expect.stringMatching(/skill_type "webSearch" has no Skilldeck counterpart/),
      expect.stringMatching(/"Fn\+S" uses the Fn key/),
    ]);
    expect(m.metadata).toEqual({ emoji: '🔎', color: '#1abc9c' });
  });

  it('keeps comments on the fields that stay, and their order', () => {
    const text = [
      '---',
      '# my translation skill',
      'name: tr',
      '# what it does',
      'description: Translate. # short',
      'skill_type: translate',
      'license: MIT # the same as the app',
      'config:',
      '  # the tone to use',
      '  tone: formal',
      'behavior_config:',
      '  translate_language: Chinese↔English',
      '---',
      'Translate into {{config.target_language}}.',
      '',
    ].join('\n');
    const m = migrateSkillText(text, 'tr');
    expect(m.text).toBe(
      [
        '---',
        '# my translation skill',
        'name: tr',
        '# what it does',
        'description: Translate. # short',
        'license: MIT # the same as the app',
        'config:',
        '  # the tone to use',
        '  tone: formal',
        '  source_language: Chinese',
        '  target_language: English',
        '  bidirectional: true',
        '---',
        'Translate into {{config.target_language}}.',
        '',
      ].join('\n'),
    );
  });

  it('keeps CRLF line ends and a BOM', () => {
    const crlf = '\uFEFF' + fixture('memo').replace(/\n/g, '\r\n');
    const m = migrateSkillText(crlf, 'memo');
    expect(m.text.startsWith('\uFEFF---\r\nname: memo\r\n')).toBe(true);
    expect(m.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(m.text).toBe('\uFEFF' + migrateSkillText(fixture('memo'), 'memo').text.replace(/\n/g, '\r\n'));
    expect(migrateSkillText(m.text, 'memo').legacy).toBe(false);
  });

  it('does not overwrite what the file already says in the new format', () => {
    const text = [
      '---',
      'name: notes',
      'description: Notes',
      'skill_type: memo',
      'allowed-tools: Read, Grep',
      'output: clipboard',
      '---',
      'Body.',
      '',
    ].join('\n');
    const m = migrateSkillText(text, 'notes');
    expect(frontmatter(m.text)).toMatchObject({
      'allowed-tools': ['Read', 'Grep', 'save_memo'],
      output: 'clipboard',
    });
    expect(m.warnings).toEqual([expect.stringMatching(/output already is clipboard; kept/)]);

    const listed = migrateSkillText(
      text.replace('allowed-tools: Read, Grep', 'allowed-tools:\n  - save_memo'),
      'notes',
    );
    expect(frontmatter(listed.text)['allowed-tools']).toEqual(['save_memo']);

    const ghost = migrateSkillText(
      '---\ndescription: d\nskill_type: ghostTwin\nconfig:\n  api_endpoint: /mine\n---\n',
      'g',
    );
    expect(frontmatter(ghost.text).config).toEqual({ api_endpoint: '/mine' });
    expect(ghost.warnings).toEqual([expect.stringMatching(/config\.api_endpoint already is \/mine; kept/)]);
  });

  it('a file with only UI fields loses them and keeps everything else', () => {
    const text = '---\nname: x\ndescription: d\nicon: 🧪\ncolor_hex: "#ABC"\n---\nbody\n';
    const m = migrateSkillText(text, 'x');
    expect(m.text).toBe('---\nname: x\ndescription: d\n---\nbody\n');
    expect(m.metadata).toEqual({ emoji: '🧪', color: '#aabbcc' });
  });

  it('reports UI values it cannot keep instead of storing them', () => {
    const text = '---\ndescription: d\nicon: not an emoji\ncolor_hex: blue\nmodifier_key_code: 61\n---\n';
    const m = migrateSkillText(text, 'x');
    expect(m.metadata).toEqual({});
    expect(m.warnings).toEqual([
      'icon not an emoji is not one emoji: not kept',
      'color_hex blue is not a #rrggbb color: not kept',
      expect.stringMatching(/only a key code \(61\) \(right Option \(⌥\), key code 61\) was stored/),
    ]);
  });

  it('refuses a file whose frontmatter cannot be read', () => {
    expect(() => migrateSkillText('---\nskill_type: memo\nicon: [unclosed\n---\n', 'x')).toThrow(AppError);
    expect(() => migrateSkillText('---\nskill_type: memo\nicon: [unclosed\n---\n', 'x')).toThrow(
      /line \d+: YAML error/,
    );
    expect(() => migrateSkillText('no frontmatter here', 'x')).toThrow(/no frontmatter/);
  });
});

describe('normalizeColor', () => {
  it.each([
    ['#FF6B6B', undefined, '#ff6b6b'],
    ['FF6B6B', undefined, '#ff6b6b'],
    [' #abc ', undefined, '#aabbcc'],
    [16739179, '0xFF6B6B', '#ff6b6b'],
    [123456, '123456', '#123456'],
    ['#FF6B6BFF', undefined, undefined],
    ['red', undefined, undefined],
    [true, undefined, undefined],
  ])('%j (source %j) → %j', (value, source, expected) => {
    expect(normalizeColor(value, source)).toBe(expected);
  });
});

describe('firstSentence', () => {
  it('skips headings and blank lines, stops at the first full stop, also a CJK one', () => {
    expect(firstSentence('\n# Title\n\nDo this. Then that.')).toBe('Do this.');
    expect(firstSentence('你是一位编辑。修正错误。')).toBe('你是一位编辑。');
    expect(firstSentence('- **Fix** the `text` given')).toBe('Fix the text given');
    expect(firstSentence('Version 1.5 is out. Yes.')).toBe('Version 1.5 is out.');
    expect(firstSentence('')).toBeUndefined();
    expect(firstSentence('x'.repeat(500))).toHaveLength(200);
  });
});
