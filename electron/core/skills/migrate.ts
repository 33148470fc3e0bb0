import { isMap, isScalar, isSeq, type Document } from 'yaml';
import { AppError } from '../../../shared/ipc/result';
import { Emoji, type Hotkey } from '../../../shared/types/skill';
import { isPlainObject, readBoolean, readText } from './coerce';
import { LEGACY_FIELDS } from './fields';
import { loadSkillFile } from './load';
import { readLegacyHotkey } from './migrate-hotkey';
import { mentionsLanguage, readTranslateLanguage, type TranslateLanguages } from './migrate-language';
import { splitSkillFile } from './parse';
import { assembleSkillText } from './serialize';
import { readToolList } from './tool-list';

/** UI metadata a GHOSTYPE file carried; it belongs in SQLite (skill_meta), never in SKILL.md. */
export interface LegacyMetadata {
  emoji?: string;
  /** Lowercase `#rrggbb`. */
  color?: string;
  hotkey?: Hotkey;
}

export interface TextMigration {
  /** False when the file has no GHOSTYPE field: it is already current and `text` is the input. */
  legacy: boolean;
  text: string;
  /** What was rewritten, one line each, for the report. */
  changes: string[];
  metadata: LegacyMetadata;
  /** What could not be carried over, or needs the user's attention. */
  warnings: string[];
}

export const GHOST_TWIN_ENDPOINT = '/api/v1/ghost-twin/chat';

const LEGACY = new Set<string>(LEGACY_FIELDS);
const MAX_DESCRIPTION = 200;

/** A description from the skill type, for a file that has none; custom and unknown types use the body. */
function typeDescription(type: string, languages?: TranslateLanguages): string | undefined {
  switch (type) {
    case 'translate':
      if (!languages) return 'Translate the selected text into another language.';
      if (languages.bidirectional) {
        return `Translate the selected text between ${languages.source} and ${languages.target}.`;
      }
      return languages.source === 'auto'
        ? `Translate the selected text into ${languages.target}.`
        : `Translate the selected text from ${languages.source} into ${languages.target}.`;
    case 'memo':
      return 'Save the selected text as a memo.';
    case 'ghosttwin':
      return 'Answer as your Ghost Twin, in your own voice, about the selected text.';
    case 'polish':
      return 'Polish the selected text: fix grammar, spelling and awkward phrasing.';
    default:
      return undefined;
  }
}

/** The body's first sentence (headings and blank lines skipped), cut to a readable length. */
export function firstSentence(body: string): string | undefined {
  const line = body
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !/^(#|```|<!--|---)/.test(l));
  if (!line) return undefined;
  const plain = line.replace(/^([-*+>]|\d+\.)\s+/, '').replace(/[*_`]/g, '');
  const sentence = /^.+?(?:[.!?](?=\s|$)|[。！？])/u.exec(plain)?.[0] ?? plain;
  return sentence.length > MAX_DESCRIPTION
    ? `${sentence.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`
    : sentence;
}

/** `#FF6B6B`, `FF6B6B`, `#f63` or a YAML hex number `0xFF6B6B` → `#ff6b6b`; undefined when not a color. */
export function normalizeColor(value: unknown, source?: string): string | undefined {
  let text = typeof value === 'string' ? value : typeof value === 'number' ? (source ?? String(value)) : '';
  text = text.trim().replace(/^(#|0x)/i, '');
  if (/^[0-9a-f]{3}$/i.test(text)) text = [...text].map((c) => c + c).join('');
  return /^[0-9a-f]{6}$/i.test(text) ? `#${text.toLowerCase()}` : undefined;
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Rewrites a GHOSTYPE-format SKILL.md in the current format: skill_type semantics become fields,
 * UI fields are returned as metadata, every legacy field is removed; comments, order, line ends and BOM
 * stay. Pure: nothing is read or written. Throws AppError INVALID_INPUT when the frontmatter cannot be
 * read (the file must then be left alone).
 */
export function migrateSkillText(text: string, folderName: string, file = 'SKILL.md'): TextMigration {
  const split = splitSkillFile(text, file);
  if (!split.ok) {
    const f = split.findings[0]!;
    throw new AppError('INVALID_INPUT', `${f.line ? `line ${f.line}: ` : ''}${f.message}`);
  }
  const { doc, body, eol, hasBom } = split.file;
  const data = split.file.data as Record<string, unknown>;
  const legacyKeys = Object.keys(data).filter((k) => LEGACY.has(k));
  if (legacyKeys.length === 0) return { legacy: false, text, changes: [], metadata: {}, warnings: [] };

  const changes: string[] = [];
  const warnings: string[] = [];
  const fields = new FieldWriter(doc, data, changes, warnings);
  const report = { changes, warnings };
  const type = readText(data.skill_type);
  const languages = carrySkillType(type, data, body, fields, report);
  noteDroppedFields(data, report);
  const metadata = readUiFields(data, doc, report);
  for (const key of legacyKeys) doc.delete(key);

  // name and description, first in the file
  const name = readText(data.name)?.trim();
  if (!name) fields.putFirst('name', folderName, undefined, `name set to the folder name "${folderName}"`);
  else if (name !== folderName) {
    warnings.push(`name "${name}" is not the folder name "${folderName}": the skill's id is its folder name`);
  }
  if (!readText(data.description)?.trim()) {
    const fromType = type === undefined ? undefined : typeDescription(skillTypeKey(type), languages);
    const fromBody = fromType ? undefined : firstSentence(body);
    const description = fromType ?? fromBody ?? `Run the "${folderName}" prompt on the selected text.`;
    const why = fromType
      ? `from skill_type ${type}`
      : fromBody
        ? "from the body's first sentence"
        : 'generic';
    fields.putFirst('description', description, 'name', `description added (${why}): "${description}"`);
  }

  const migrated = assembleSkillText({ doc, eol, hasBom }, body);

  // The result must load as a current-format skill; anything still wrong is the user's to see.
  const check = loadSkillFile(migrated, { file, folderName });
  const left = check.findings.filter((f) => f.code === 'legacy-field' || f.severity === 'error');
  for (const f of left) warnings.push(`after migration: ${f.message}`);
  return { legacy: true, text: migrated, changes, metadata, warnings };
}

interface Report {
  changes: string[];
  warnings: string[];
}

/** `ghostTwin`, `ghost_twin`, `GhostTwin` → `ghosttwin`. */
const skillTypeKey = (type: string) => type.toLowerCase().replace(/[-_\s]/g, '');

/**
 * skill_type and behavior_config, rewritten as fields (docs/MIGRATION.md has the table). behavior_config
 * keys with no rule of their own go under `config:`, where prompts can use them as `{{config.key}}`.
 */
function carrySkillType(
  type: string | undefined,
  data: Record<string, unknown>,
  body: string,
  fields: FieldWriter,
  { changes, warnings }: Report,
): TranslateLanguages | undefined {
  const behavior = new Map(Object.entries(isPlainObject(data.behavior_config) ? data.behavior_config : {}));
  if (data.behavior_config != null && !isPlainObject(data.behavior_config)) {
    warnings.push(`behavior_config ${show(data.behavior_config)} is not a mapping: dropped`);
  }
  if (type === undefined && data.skill_type != null) {
    warnings.push(`skill_type ${show(data.skill_type)} is not text: dropped`);
  }
  let languages: TranslateLanguages | undefined;
  switch (type === undefined ? undefined : skillTypeKey(type)) {
    case undefined:
      break;
    case 'translate':
      languages = carryTranslateLanguage(behavior.get('translate_language'), body, fields, warnings);
      behavior.delete('translate_language');
      break;
    case 'memo':
      fields.addTool('save_memo', 'skill_type memo');
      fields.output('save_memo', 'skill_type memo');
      break;
    case 'ghosttwin':
      fields.config('api_endpoint', GHOST_TWIN_ENDPOINT, 'skill_type ghostTwin');
      break;
    case 'custom':
      fields.addTool('insert_text', 'skill_type custom');
      break;
    case 'polish':
      changes.push('skill_type polish removed: the body is the prompt, so it runs as a prompt skill');
      break;
    default:
      warnings.push(
        `skill_type "${type}" has no Skilldeck counterpart: dropped; the body still runs as a prompt skill`,
      );
  }
  if (type !== undefined && ![...changes, ...warnings].some((c) => c.includes('skill_type'))) {
    changes.push(`skill_type ${type} removed`);
  }
  for (const [key, value] of behavior) fields.config(key, value, 'behavior_config');
  if (behavior.size === 0 && data.behavior_config !== undefined) changes.push('behavior_config removed');
  return languages;
}

function carryTranslateLanguage(
  raw: unknown,
  body: string,
  fields: FieldWriter,
  warnings: string[],
): TranslateLanguages | undefined {
  const value = readText(raw);
  const read = value === undefined ? undefined : readTranslateLanguage(value);
  if (read) {
    const from = `skill_type translate (${value})`;
    fields.config('source_language', read.source, from);
    fields.config('target_language', read.target, from);
    if (read.bidirectional) fields.config('bidirectional', true, from);
    for (const name of read.unlisted) {
      warnings.push(`translate_language: "${name}" is not a language the migration knows; kept as written`);
    }
    if (!body.includes('{{config.') && !mentionsLanguage(body, read.target)) {
      warnings.push(
        'the prompt does not use {{config.target_language}}: GHOSTYPE added the language at run time; ' +
          'add a line such as "Translate into {{config.target_language}}." to the body',
      );
    }
  } else if (raw == null) {
    warnings.push(
      'skill_type translate without behavior_config.translate_language: set config.target_language',
    );
  } else {
    fields.config('translate_language', raw, 'skill_type translate');
    warnings.push(
      `translate_language ${show(raw)} is not a form the migration reads (see docs/MIGRATION.md): ` +
        'kept as config.translate_language; set config.source_language and config.target_language',
    );
  }
  return read;
}

/** GHOSTYPE fields with no counterpart: removed, and said so. */
function noteDroppedFields(data: Record<string, unknown>, { changes }: Report): void {
  if (data.is_editable !== undefined) {
    changes.push(
      readBoolean(data.is_editable) === false
        ? 'is_editable: false removed (every skill in your folders can be edited)'
        : 'is_editable removed',
    );
  }
  if (data.is_builtin !== undefined)
    changes.push('is_builtin removed (a GHOSTYPE built-in is a user skill here)');
  if (data.id !== undefined) changes.push(`id ${show(data.id)} removed (the skill's id is its folder name)`);
}

/** icon, color_hex and modifier_key_* as Skilldeck UI metadata; what cannot be kept is a warning. */
function readUiFields(
  data: Record<string, unknown>,
  doc: Document.Parsed,
  { changes, warnings }: Report,
): LegacyMetadata {
  const metadata: LegacyMetadata = {};
  if (data.icon != null) {
    const emoji = Emoji.safeParse(readText(data.icon)?.trim());
    if (emoji.success) {
      metadata.emoji = emoji.data;
      changes.push(`icon ${emoji.data} → emoji (database)`);
    } else warnings.push(`icon ${show(data.icon)} is not one emoji: not kept`);
  }
  if (data.color_hex != null) {
    // the source text tells `0xFF6B6B` (a YAML number) and `123456` apart
    const node = doc.get('color_hex', true);
    const color = normalizeColor(
      data.color_hex,
      isScalar(node) ? (node as { source?: string }).source : undefined,
    );
    if (color) {
      metadata.color = color;
      changes.push(`color_hex ${show(data.color_hex)} → color ${color} (database)`);
    } else warnings.push(`color_hex ${show(data.color_hex)} is not a #rrggbb color: not kept`);
  }
  const hotkey = readLegacyHotkey(data.modifier_key_display, data.modifier_key_code);
  if (hotkey && 'hotkey' in hotkey) {
    metadata.hotkey = hotkey.hotkey;
    changes.push(
      `modifier_key_display ${hotkey.hotkey.display} → hotkey ${hotkey.hotkey.accelerator} (database)`,
    );
  } else if (hotkey) warnings.push(`hotkey not kept: ${hotkey.problem}`);
  return metadata;
}

/** Top-level and `config:` edits through the Document API, reported as changes. */
class FieldWriter {
  private readonly written = new Map<string, unknown>();

  constructor(
    private readonly doc: Document.Parsed,
    private readonly data: Record<string, unknown>,
    private readonly changes: string[],
    private readonly warnings: string[],
  ) {}

  config(key: string, value: unknown, from: string): void {
    const current = this.doc.get('config', true);
    if (current === undefined || (isScalar(current) && current.value === null)) {
      this.doc.set('config', this.doc.createNode({}));
    } else if (!isMap(current)) {
      this.warnings.push(
        `${from}: config.${key} ${show(value)} not set, because \`config\` is not a mapping`,
      );
      return;
    }
    const had = this.written.has(key)
      ? this.written.get(key)
      : isPlainObject(this.data.config)
        ? this.data.config[key]
        : undefined;
    if (had !== undefined && had !== null) {
      if (JSON.stringify(had) !== JSON.stringify(value)) {
        this.warnings.push(
          `${from}: config.${key} already is ${show(had)}; kept (GHOSTYPE had ${show(value)})`,
        );
      }
      return;
    }
    this.doc.setIn(['config', key], this.doc.createNode(value));
    this.written.set(key, value);
    this.changes.push(`${from} → config.${key}: ${show(value)}`);
  }

  addTool(tool: string, from: string): void {
    const current = this.data['allowed-tools'];
    if (current === undefined || current === null) {
      const node = this.doc.createNode([tool]);
      node.flow = true;
      this.doc.set('allowed-tools', node);
      this.changes.push(`${from} → allowed-tools: [${tool}]`);
      return;
    }
    const read = readToolList(current);
    if ('problem' in read) {
      this.warnings.push(`${from}: add ${tool} to allowed-tools yourself (it ${read.problem})`);
      return;
    }
    if (read.tools.includes(tool)) return;
    const node = this.doc.get('allowed-tools', true);
    if (isSeq(node)) node.add(this.doc.createNode(tool));
    else {
      const list = this.doc.createNode([...read.tools, tool]);
      list.flow = true;
      this.doc.set('allowed-tools', list);
    }
    this.changes.push(`${from} → ${tool} added to allowed-tools`);
  }

  output(tool: string, from: string): void {
    const current = readText(this.data.output);
    if (current === undefined) {
      this.doc.set('output', tool);
      this.changes.push(`${from} → output: ${tool}`);
    } else if (current !== tool) {
      this.warnings.push(`${from}: output already is ${current}; kept (GHOSTYPE used ${tool})`);
    }
  }

  /**
   * Sets `key` where it is, or adds it after `after` (first when absent). A comment heading the
   * frontmatter stays on top.
   */
  putFirst(key: string, value: string, after: string | undefined, change: string): void {
    this.changes.push(change);
    const map = this.doc.contents;
    if (this.doc.has(key) || !isMap(map)) {
      this.doc.set(key, value);
      return;
    }
    const index =
      after === undefined ? 0 : map.items.findIndex((p) => isScalar(p.key) && p.key.value === after) + 1;
    const pair = this.doc.createPair(key, value);
    const first = map.items[0]?.key;
    if (index === 0 && isScalar(first) && first.commentBefore) {
      (pair.key as typeof first).commentBefore = first.commentBefore;
      (pair.key as typeof first).spaceBefore = first.spaceBefore;
      first.commentBefore = undefined;
      first.spaceBefore = undefined;
    }
    map.items.splice(index, 0, pair as (typeof map.items)[number]);
  }
}
