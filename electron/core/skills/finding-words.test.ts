import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectWordsSayMessage } from '../testing/error-words';
import { detectLayout } from './layout';
import { loadSkillFile } from './load';
import type { Finding } from './types';
import { findSkillFolders } from './validate';

// Every finding but the `strict-*` ones (the reference validator's English) carries words that say its
// message: checked on the broken fixtures, the legacy skills, the built-in skills, the public corpus
// (leniently and --strict) and on one small SKILL.md per worded finding.

const testdata = path.join(import.meta.dirname, 'testdata');
const FOLDERS = [
  path.join(testdata, 'broken'),
  path.join(testdata, 'legacy'),
  path.join(testdata, 'corpus'),
  path.resolve(import.meta.dirname, '../../../skills'),
];

const FINDING_KEYS = Object.keys(
  (
    JSON.parse(
      fs.readFileSync(
        path.resolve(import.meta.dirname, '../../../renderer/src/i18n/locales/en/errors.json'),
        'utf8',
      ),
    ) as { findings: Record<string, string> }
  ).findings,
).map((key) => `findings.${key}`);

const load = (raw: Uint8Array | string, folderName = 'my-skill', strict = false) =>
  loadSkillFile(raw, { file: `/skills/${folderName}/SKILL.md`, folderName, strict }).findings;

const fm = (yaml: string, name = 'my-skill') =>
  `---\nname: ${name}\ndescription: Does a thing.\n${yaml}\n---\nBody.\n`;
const workflow = (yaml: string) => fm(`workflow:\n${yaml}`);

/** One SKILL.md (text or bytes) per worded finding, by the words' name. */
const CASES: Record<string, Uint8Array | string> = {
  // as bytes: text is not checked for size, NUL or UTF-8
  fileTooLarge: Buffer.from(`---\ndescription: big\n---\n${'x'.repeat(1024 * 1024)}`),
  nulBytes: new Uint8Array([45, 45, 45, 10, 0, 10]),
  notUtf8: new Uint8Array([45, 45, 45, 10, 0xff, 0xfe, 10]),
  noFrontmatter: 'Just a body.\n',
  unterminatedFrontmatter: '---\nname: my-skill\ndescription: never closed\n',
  // a parser error without words of its own keeps the parser's detail
  yamlError: fm('paths: [a,, b]'),
  yamlColonInValue: fm('license: see: LICENSE'),
  yamlQuoteNotClosed: '---\nname: "my-skill\ndescription: d\n---\n',
  yamlTab: fm('metadata:\n\tauthor: me'),
  yamlDuplicateKey: fm('license: MIT\nlicense: MIT'),
  yamlNoColon: fm('license: MIT\nand more'),
  yamlReservedStart: fm('license: @me'),
  yamlFlowNotClosed: fm('paths: [a, b\nlicense: MIT'),
  yamlIndent: fm('paths:\n  - a\n  b: 1'),
  yamlWarning: fm('license: !custom MIT'),
  frontmatterNotMapping: '---\n- a\n- b\n---\n',
  argumentsList: fm('arguments:\n  - name: lang\n    colour: red'),
  unknownField: fm('favourite-color: blue\nmetadata:\n  skilldeck:\n    colour: red'),
  duplicateField: fm('output: clipboard\nmetadata:\n  skilldeck:\n    output: clipboard'),
  legacyField: fm('skill_type: polish'),
  notText: fm('license: [MIT]'),
  notBoolean: fm('user-invocable: maybe'),
  notList: fm('paths: { a: 1 }'),
  notKeyValues: fm('metadata: 3\nconfig: [a]'),
  notOneOf: fm('execution-mode: sometimes\npermission-mode: anything'),
  toolEntry: fm('allowed-tools: [Read, 3]'),
  toolList: fm('disallowed-tools: { Read: true }'),
  nameMismatch: fm('', 'other-name'),
  nameTooLong: fm('', 'a'.repeat(65)),
  nameFormat: fm('', 'My_Skill'),
  missingDescription: '---\nname: my-skill\n---\nBody.\n',
  descriptionTooLong: `---\nname: my-skill\ndescription: ${'d'.repeat(1100)}\n---\n`,
  compatibilityTooLong: fm(`compatibility: ${'c'.repeat(501)}`),
  workflowMissing: fm('execution-mode: workflow'),
  phasesMissing: fm('execution-mode: phases'),
  maxIterations: fm('max-iterations: 0'),
  notOutputTool: fm('output: fax'),
  contextFork: fm('context: spoon'),
  effortLevel: fm('effort: extreme'),
  agentWithoutFork: fm('agent: explore'),
  hooksNotMapping: fm('hooks: [a]'),
  workflowNoSteps: workflow('  steps: []'),
  stepNotMapping: workflow('  - just text'),
  stepNoId: workflow('  - prompt: p'),
  stepIdFormat: workflow('  - id: two words\n    prompt: p'),
  stepNoPrompt: workflow('  - id: a'),
  stepDependencies: workflow('  - id: a\n    prompt: p\n    dependencies: { b: 1 }'),
  stepRetries: workflow('  - id: a\n    prompt: p\n    retries: 11'),
  stepIdTaken: workflow('  - id: a\n    prompt: p\n  - id: a\n    prompt: q'),
  unknownDependency: workflow('  - id: a\n    prompt: p\n    dependencies: [ghost]'),
  workflowCycle: workflow(
    '  - id: a\n    prompt: p\n    dependencies: [b]\n  - id: b\n    prompt: q\n    dependencies: [a]',
  ),
  maxRetries: workflow('  max_retries: 11\n  steps:\n    - id: a\n      prompt: p'),
  concurrency: workflow('  concurrency: 0\n  steps:\n    - id: a\n      prompt: p'),
  workflowOutput: workflow('  output: ghost\n  steps:\n    - id: a\n      prompt: p'),
  conditionNotText: workflow('  - id: a\n    prompt: p\n    condition: [x]'),
  conditionNotNumber: workflow('  - id: a\n    prompt: p\n    condition: "${x} > \'high\'"'),
  conditionEmpty: workflow('  - id: a\n    prompt: p\n    condition: ""'),
  conditionUnexpected: workflow('  - id: a\n    prompt: p\n    condition: "${x} >> ((("'),
  conditionUnclosedString: workflow('  - id: a\n    prompt: p\n    condition: "${x} == \'a"'),
  conditionUnclosedParen: workflow('  - id: a\n    prompt: p\n    condition: "(${x} or true"'),
  conditionEndsEarly: workflow('  - id: a\n    prompt: p\n    condition: "${x} =="'),
  conditionTooDeep: workflow(
    `  - id: a\n    prompt: p\n    condition: "${'('.repeat(33)}x${')'.repeat(33)}"`,
  ),
  qualityNotMapping: workflow('  - id: a\n    prompt: p\n    quality: 70'),
  qualityThreshold: workflow('  - id: a\n    prompt: p\n    quality: { threshold: 101 }'),
  qualityMaxAttempts: workflow('  - id: a\n    prompt: p\n    quality: { threshold: 70, max_attempts: 1.5 }'),
  qualityOnFail: workflow('  - id: a\n    prompt: p\n    quality: { threshold: 70, on_fail: ignore }'),
  qualityText: workflow('  - id: a\n    prompt: p\n    quality: { threshold: 70, criteria: [a] }'),
  qualityUnknownKey: workflow('  - id: a\n    prompt: p\n    quality: { threshold: 70, treshold: 80 }'),
  workflowTooManySteps: workflow(
    Array.from({ length: 501 }, (_, i) => `  - id: s${i}\n    prompt: p`).join('\n'),
  ),
};

/**
 * Findings no SKILL.md text can produce, their words checked where they are made: `loadFailed` (an
 * exception inside the loader, load-isolation.test.ts).
 */
const CHECKED_ELSEWHERE = ['loadFailed'];

/** Asserts every non-strict finding's words say its message; returns the keys seen. */
function checkWords(findings: readonly Finding[]): string[] {
  const keys: string[] = [];
  for (const f of findings) {
    if (f.code.startsWith('strict-')) continue;
    expect(f.words, `${f.code}: ${f.message}`).toBeDefined();
    expectWordsSayMessage(f.words, f.message);
    keys.push(f.words!.key);
  }
  return keys;
}

describe("findings' words", () => {
  it('say the message of every finding of the fixtures, legacy, built-in and corpus skills', async () => {
    let checked = 0;
    for (const root of FOLDERS) {
      for (const dir of await findSkillFolders(root)) {
        const name = ['SKILL.md', 'skill.md'].find((n) => fs.existsSync(path.join(dir, n)))!;
        const raw = fs.readFileSync(path.join(dir, name));
        const { layout } = await detectLayout(dir);
        for (const strict of [false, true]) {
          const findings = loadSkillFile(raw, {
            file: path.join(dir, name),
            folderName: path.basename(dir),
            strict,
            ...(layout ? { layout } : {}),
          }).findings;
          checked += checkWords(findings).length;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it.each(Object.entries(CASES))('%s: is found, with words that say its message', (name, raw) => {
    const keys = checkWords(load(raw, 'my-skill', true));
    expect(keys).toContain(`findings.${name}`);
  });

  it("cover every template of the renderer's findings, and only those", () => {
    const seen = new Set(Object.values(CASES).flatMap((raw) => checkWords(load(raw))));
    const shown = FINDING_KEYS.filter((k) => !CHECKED_ELSEWHERE.includes(k.slice('findings.'.length)));
    expect([...seen].sort()).toEqual([...shown].sort());
    expect(Object.keys(CASES).sort()).toEqual(shown.map((k) => k.slice('findings.'.length)).sort());
  });

  it('give both YAML errors (the parser and too many aliases) the detail as a value', () => {
    const aliases = `---\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [${Array(10).fill('*a').join(', ')}]\nc: &c [${Array(10).fill('*b').join(', ')}]\nd: [${Array(10).fill('*c').join(', ')}]\n---\n`;
    for (const raw of [CASES.yamlError!, aliases]) {
      const [finding] = load(raw);
      expect(finding).toMatchObject({ code: 'yaml-error', words: { key: 'findings.yamlError' } });
      expect(finding!.message).toBe(`YAML error: ${finding!.words!.values!.detail}`);
    }
  });
});
