import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitToolList } from '../../../../shared/skills/tool-list';
import { FormProblem, formFromDefinition, formPatch, rebaseForm } from './form-model';
import { testDefinition } from './test-definition';

const definition = testDefinition;

describe('formPatch', () => {
  it('is null when nothing changed', () => {
    const def = definition({ config: { n: 3, on: true, langs: ['en', 'fr'] } });
    const form = formFromDefinition(def);
    expect(formPatch(form, structuredClone(form), def)).toBeNull();
  });

  it('sends only the changed fields; blank optional fields are removed (null)', () => {
    const def = definition({ provider: 'ollama', model: 'llama3' });
    const opened = formFromDefinition(def);
    const edited = { ...opened, description: ' Better notes. ', provider: '', mode: 'agent' as const };
    expect(formPatch(opened, edited, def)).toEqual({
      fields: { description: 'Better notes.', provider: null, 'execution-mode': 'agent' },
    });
  });

  it('writes allowed-tools as the comma list SKILL.md uses, and removes it when unlimited', () => {
    const def = definition({ allowedTools: ['Read'] });
    const opened = formFromDefinition(def);
    expect(formPatch(opened, { ...opened, allowedTools: ['Read', 'Bash(git diff:*)'] }, def)).toEqual({
      fields: { 'allowed-tools': 'Read, Bash(git diff:*)' },
    });
    expect(formPatch(opened, { ...opened, allowedTools: null }, def)).toEqual({
      fields: { 'allowed-tools': null },
    });
  });

  it('keeps config value types, renames as remove + add, and refuses bad JSON or keys', () => {
    const def = definition({ config: { target: 'English', n: 3, langs: ['en'] } });
    const opened = formFromDefinition(def);
    const edited = {
      ...opened,
      config: [
        { key: 'target_language', value: 'French', kind: 'string' as const },
        { key: 'n', value: '4', kind: 'number' as const },
        { key: 'langs', value: '["en","de"]', kind: 'json' as const },
      ],
    };
    expect(formPatch(opened, edited, def)).toEqual({
      config: { target_language: 'French', n: 4, langs: ['en', 'de'], target: null },
    });
    const bad = { ...opened, config: [{ key: 'langs', value: '[en', kind: 'json' as const }] };
    expect(() => formPatch(opened, bad, def)).toThrow(FormProblem);
    const twice = { ...opened, config: [opened.config[0]!, { ...opened.config[0]! }] };
    expect(() => formPatch(opened, twice, def)).toThrow(FormProblem);
  });

  it('writes workflow steps with only non-default keys, keeping what the form does not edit', () => {
    const def = definition({
      executionMode: 'workflow',
      workflow: {
        maxRetries: 2,
        continueOnFailure: false,
        steps: [
          {
            id: 'a',
            name: 'A step',
            prompt: 'Do A',
            input: '${user_input}',
            dependencies: [],
            parallel: false,
          },
          {
            id: 'b',
            name: 'b',
            prompt: 'Do B',
            dependencies: ['a'],
            parallel: false,
            quality: { threshold: 70, criteria: 'Two examples.', maxAttempts: 1, onFail: 'retry' },
          },
        ],
      },
    });
    const opened = formFromDefinition(def);
    const steps = opened.steps!.map((s) => (s.id === 'b' ? { ...s, prompt: 'Do B better' } : s));
    steps.push({ id: 'c', prompt: 'Do C', dependencies: ['b', 'gone'], rest: null });
    expect(formPatch(opened, { ...opened, steps }, def)).toEqual({
      fields: {
        workflow: {
          steps: [
            { id: 'a', name: 'A step', prompt: 'Do A', input: '${user_input}' },
            {
              id: 'b',
              prompt: 'Do B better',
              dependencies: ['a'],
              // a step's quality check stays when its prompt is edited in the form
              quality: { threshold: 70, criteria: 'Two examples.', max_attempts: 1 },
            },
            { id: 'c', prompt: 'Do C', dependencies: ['b'] },
          ],
        },
      },
    });
    const dup = [...steps, { id: 'a', prompt: 'x', dependencies: [], rest: null }];
    expect(() => formPatch(opened, { ...opened, steps: dup }, def)).toThrow(FormProblem);
  });
});

describe('formPatch: instructions, output and arguments', () => {
  it('sends the body as written (not trimmed) only when it changed', () => {
    const def = definition();
    const opened = formFromDefinition(def, 'Old body.\n');
    expect(opened.body).toBe('Old body.\n');
    expect(formPatch(opened, { ...opened, body: '  New body.\n\n' }, def)).toEqual({
      body: '  New body.\n\n',
    });
    expect(formPatch(opened, { ...opened }, def)).toBeNull();
  });

  it('sets and removes the output', () => {
    const def = definition({ output: 'clipboard' });
    const opened = formFromDefinition(def);
    expect(opened.output).toBe('clipboard');
    expect(formPatch(opened, { ...opened, output: 'replace_selection' }, def)).toEqual({
      fields: { output: 'replace_selection' },
    });
    expect(formPatch(opened, { ...opened, output: '' }, def)).toEqual({ fields: { output: null } });
  });

  it('writes arguments as plain names where that is all, mappings otherwise; none removes the field', () => {
    const def = definition({
      arguments: ['text'],
      argumentSpecs: [{ name: 'text' }],
    });
    const opened = formFromDefinition(def);
    expect(opened.arguments).toEqual([{ name: 'text', description: '', default: '', options: [] }]);
    const edited = {
      ...opened,
      arguments: [
        ...opened.arguments,
        {
          name: ' lang ',
          description: ' The language ',
          default: 'French',
          options: ['French', ' ', 'German'],
        },
      ],
    };
    expect(formPatch(opened, edited, def)).toEqual({
      fields: {
        arguments: [
          'text',
          { name: 'lang', description: 'The language', default: 'French', options: ['French', 'German'] },
        ],
      },
    });
    expect(formPatch(opened, { ...opened, arguments: [] }, def)).toEqual({ fields: { arguments: null } });
    for (const name of ['', 'two words', '1st', 'text']) {
      const bad = {
        ...edited,
        arguments: [...opened.arguments, { name, description: '', default: '', options: [] }],
      };
      expect(() => formPatch(opened, bad, def), name).toThrow(FormProblem);
    }
  });
});

describe('the tools box', () => {
  // The box splits what is typed with the core's own splitter; what the form then writes, the core reads
  // back as the same entries (its readToolList splits strings with splitToolList too).
  it('writes allowed-tools that split back into the entries it was given', () => {
    const def = definition({ allowedTools: ['Read'] });
    const opened = formFromDefinition(def);
    const typed = fc.array(fc.stringMatching(/^[^\s,()]+(\([^()"']*\))?$/), { minLength: 1 });
    fc.assert(
      fc.property(typed, (tools) => {
        fc.pre(JSON.stringify(tools) !== JSON.stringify(opened.allowedTools));
        const written = formPatch(opened, { ...opened, allowedTools: tools }, def)!.fields!['allowed-tools'];
        expect(splitToolList(written as string)).toEqual(tools);
      }),
    );
  });
});

describe('rebaseForm', () => {
  it('keeps the fields edited in the form and takes the others from the newer file', () => {
    const before = formFromDefinition(definition({ model: 'a' }));
    const after = formFromDefinition(definition({ model: 'b', name: 'renamed' }));
    const edited = { ...before, description: 'Mine.' };
    expect(rebaseForm(edited, before, after)).toEqual({ ...after, description: 'Mine.' });
  });

  it('is null when nothing edited is left (no edit, or the file now says the same)', () => {
    const before = formFromDefinition(definition());
    const after = formFromDefinition(definition({ description: 'Mine.' }));
    expect(rebaseForm(before, before, after)).toBeNull();
    expect(rebaseForm({ ...before, description: 'Mine.' }, before, after)).toBeNull();
  });
});
