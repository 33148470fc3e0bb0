import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectWordsSayMessage } from '../testing/error-words';
import { loadSkillFile } from './load';

// The YAML parser's errors in a user's words, in both languages: the common mistakes each get a sentence
// saying what to do, with the line (the finding's) and the column; the parser's English stays out of it.

const load = (yaml: string) =>
  loadSkillFile(`---\n${yaml}---\nBody.\n`, { file: '/skills/my-skill/SKILL.md', folderName: 'my-skill' })
    .findings;

const zh = JSON.parse(
  fs.readFileSync(
    path.resolve(import.meta.dirname, '../../../renderer/src/i18n/locales/zh-CN/errors.json'),
    'utf8',
  ),
) as { findings: Record<string, string> };

const MISTAKES: [string, string, { key: string; line: number; column: number }][] = [
  [
    'a colon in a value',
    'name: my-skill\ndescription: Use this: when X\n',
    { key: 'yamlColonInValue', line: 3, column: 14 },
  ],
  [
    'an unclosed quote',
    'name: my-skill\ndescription: "unclosed\n',
    { key: 'yamlQuoteNotClosed', line: 3, column: 23 },
  ],
  ['a tab', 'name: my-skill\ndescription: x\n\tfoo: 1\n', { key: 'yamlTab', line: 4, column: 1 }],
  [
    'a field twice',
    'name: my-skill\nname: other\ndescription: x\n',
    { key: 'yamlDuplicateKey', line: 3, column: 1 },
  ],
  [
    'a line without a colon',
    'name: my-skill\ndescription: foo\nbar baz\n',
    { key: 'yamlNoColon', line: 4, column: 1 },
  ],
  [
    'a reserved first character',
    'name: my-skill\ndescription: @home\n',
    { key: 'yamlReservedStart', line: 3, column: 14 },
  ],
  [
    'an unclosed list',
    'name: my-skill\nallowed-tools: [Read, Bash\ndescription: x\n',
    { key: 'yamlFlowNotClosed', line: 4, column: 1 },
  ],
  ['a misaligned list', 'name: my-skill\npaths:\n  - x\n  y: 1\n', { key: 'yamlIndent', line: 5, column: 1 }],
];

describe('YAML errors', () => {
  it.each(MISTAKES)('%s: words of its own with the line and column', (_, yaml, expected) => {
    const findings = load(yaml);
    expect(findings[0]).toMatchObject({
      code: 'yaml-error',
      severity: 'error',
      line: expected.line,
      words: { key: `findings.${expected.key}`, values: { column: expected.column } },
    });
    expect(findings[0]!.message).toMatch(new RegExp(`^YAML error at column ${expected.column}: `));
    expectWordsSayMessage(findings[0]!.words, findings[0]!.message);
    const chinese = zh.findings[expected.key] ?? '';
    expect(chinese, `zh-CN errors:findings.${expected.key}`).toMatch(/\{\{column\}\}/);
    expect(chinese.replace(/\{\{\w+\}\}|YAML/g, '')).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('says one problem per line, not the three the parser reports for one mistake', () => {
    const findings = load('name: my-skill\nallowed-tools:\n  - a\n - b\ndescription: x\n');
    expect(findings.filter((f) => f.line === 5)).toHaveLength(1);
  });

  it('keeps the parser detail for a problem it has no words for', () => {
    const [finding] = load('name: my-skill\ndescription: x\nmetadata: !!set {a}\nx: [a,, b]\n');
    expect(finding).toMatchObject({ code: 'yaml-error', words: { key: 'findings.yamlError' } });
  });
});
