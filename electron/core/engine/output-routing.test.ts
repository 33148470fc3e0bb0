import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSkillFile } from '../skills/load';
import { createMemoryPorts } from '../memory-ports';
import type { SkillDefinitionData } from '../../../shared/types/skill-definition';
import {
  chooseOutputTool,
  deliverFailure,
  directOutputTool,
  isDirectSaveSkill,
  type RoutingDefinition,
} from './output-routing';

const def = (d: Partial<RoutingDefinition>): RoutingDefinition => ({
  output: undefined,
  allowedTools: null,
  executionMode: 'prompt',
  ...d,
});

const builtin = (id: string): { definition: SkillDefinitionData; body: string } => {
  const file = path.join(__dirname, '../../../skills', id, 'SKILL.md');
  const loaded = loadSkillFile(fs.readFileSync(file), { file, folderName: id });
  return { definition: loaded.definition!, body: loaded.body };
};

describe('chooseOutputTool', () => {
  it('the skill output field, else its first output tool in allowed-tools, else insert_text', () => {
    expect(
      chooseOutputTool(def({ output: 'clipboard', allowedTools: ['floating_card'] }), 'directOutput'),
    ).toBe('clipboard');
    expect(chooseOutputTool(def({ allowedTools: ['Read', 'save_memo', 'clipboard'] }), 'rewrite')).toBe(
      'save_memo',
    );
    expect(chooseOutputTool(def({ output: 'nonsense', allowedTools: ['Read'] }), 'rewrite')).toBe(
      'insert_text',
    );
    expect(chooseOutputTool(def({}), 'directOutput')).toBe('insert_text');
  });

  it('explain shows a card instead of inserting; noInput shows one unless the skill names a tool', () => {
    expect(chooseOutputTool(def({}), 'explain')).toBe('floating_card');
    expect(chooseOutputTool(def({ output: 'insert_text' }), 'explain')).toBe('floating_card');
    expect(chooseOutputTool(def({ output: 'save_memo' }), 'explain')).toBe('save_memo');
    expect(chooseOutputTool(def({}), 'noInput')).toBe('floating_card');
    expect(chooseOutputTool(def({ output: 'insert_text' }), 'noInput')).toBe('insert_text');
  });

  it('replace_selection and insert_after act on a selection; without one they insert at the cursor, or show a card for a question', () => {
    for (const output of ['replace_selection', 'insert_after']) {
      expect(chooseOutputTool(def({ output }), 'directOutput')).toBe(output);
      expect(chooseOutputTool(def({ output }), 'rewrite')).toBe(output);
      expect(chooseOutputTool(def({ output }), 'explain')).toBe('floating_card');
      expect(chooseOutputTool(def({ output }), 'noInput')).toBe('insert_text');
    }
    // they are outputs, not tools an agent calls: allowed-tools does not name them
    expect(chooseOutputTool(def({ allowedTools: ['replace_selection'] }), 'rewrite')).toBe('insert_text');
  });

  it('the built-in skills route as their files say', () => {
    expect(chooseOutputTool(builtin('translate').definition, 'directOutput')).toBe('insert_text');
    expect(chooseOutputTool(builtin('explain').definition, 'directOutput')).toBe('floating_card');
    expect(chooseOutputTool(builtin('memo').definition, 'explain')).toBe('save_memo');
  });
});

describe('directOutputTool / isDirectSaveSkill', () => {
  it('the built-in memo saves without a model call; translate and explain do not', () => {
    const memo = builtin('memo');
    expect(isDirectSaveSkill(memo.definition, memo.body)).toBe(true);
    for (const id of ['translate', 'explain']) {
      const skill = builtin(id);
      expect(directOutputTool(skill.definition, skill.body), id).toBeNull();
    }
  });

  it('needs an empty body, prompt mode and only output tools', () => {
    expect(directOutputTool(def({ allowedTools: ['clipboard'] }), ' \n')).toBe('clipboard');
    expect(directOutputTool(def({ allowedTools: ['save_memo'] }), 'Summarize.')).toBeNull();
    expect(directOutputTool(def({ allowedTools: ['save_memo', 'Read'] }), '')).toBeNull();
    expect(directOutputTool(def({ allowedTools: null }), '')).toBeNull();
    expect(directOutputTool(def({ allowedTools: [] }), '')).toBeNull();
    expect(directOutputTool(def({ allowedTools: ['save_memo'], executionMode: 'workflow' }), '')).toBeNull();
  });
});

describe('deliverFailure', () => {
  const ctx = { runId: 'r1', skillId: 'translate' };

  const editor = { id: '0x100', app: 'gedit', title: 'notes.txt', isTerminal: false };

  it('directOutput / rewrite: the original text is pasted back into the window the run started from', async () => {
    for (const behavior of ['directOutput', 'rewrite'] as const) {
      const ports = createMemoryPorts();
      const targets: unknown[] = [];
      const insert = ports.inserter.insert;
      ports.inserter.insert = (text, options) => (targets.push(options?.target), insert(text, options));
      const result = await deliverFailure({
        behavior,
        original: 'Hola',
        error: new Error('HTTP 500'),
        ports,
        ctx,
        target: editor,
      });
      expect(result).toEqual({ tool: 'insert_text', delivered: true, error: 'HTTP 500' });
      expect(ports.inserted).toEqual(['Hola']);
      expect(targets).toEqual([editor]);
      expect(ports.notices).toEqual([
        { title: 'translate failed', body: 'HTTP 500 — your original text was kept' },
      ]);
      expect(ports.cards).toEqual([]);
    }
  });

  it('with no window to go back to, nothing is pasted: the card holds the error and the original', async () => {
    for (const target of [undefined, null]) {
      const ports = createMemoryPorts();
      const result = await deliverFailure({
        behavior: 'rewrite',
        original: 'Hola',
        error: 'HTTP 500',
        ports,
        ctx,
        target,
      });
      expect(result).toEqual({
        tool: 'insert_text',
        delivered: false,
        via: 'floating_card',
        error: 'HTTP 500',
      });
      expect(ports.inserted).toEqual([]);
      expect(ports.clipboardText).toBe('');
      expect(ports.cards).toEqual([
        {
          runId: 'r1',
          title: 'translate',
          text: 'Hola',
          pending: false,
          error:
            'HTTP 500 — your original text was not pasted back (the window it was started from is not known): insert or copy it from here',
        },
      ]);
    }
  });

  it('explain / noInput, or a run that would not have inserted: the error goes to the card', async () => {
    const cases = [
      { behavior: 'explain' as const, tool: undefined },
      { behavior: 'noInput' as const, tool: undefined },
      { behavior: 'directOutput' as const, tool: 'floating_card' as const },
    ];
    for (const c of cases) {
      const ports = createMemoryPorts();
      const result = await deliverFailure({
        ...c,
        original: 'x',
        error: 'timeout',
        ports,
        ctx,
        title: 'Translate',
      });
      expect(result).toEqual({ tool: 'floating_card', delivered: true, error: 'timeout' });
      expect(ports.cards).toEqual([
        { runId: 'r1', title: 'Translate', text: '', pending: false, error: 'timeout' },
      ]);
      expect(ports.inserted).toEqual([]);
    }
  });

  it('replace_selection and insert_after never touch the selection on a failure: the error goes to the card', async () => {
    for (const tool of ['replace_selection', 'insert_after'] as const) {
      const ports = createMemoryPorts();
      const result = await deliverFailure({
        behavior: 'directOutput',
        original: 'my text',
        error: 'the stream was cut',
        tool,
        ports,
        ctx,
        title: 'Polish',
      });
      expect(result).toEqual({ tool: 'floating_card', delivered: true, error: 'the stream was cut' });
      expect(ports.inserted).toEqual([]);
      expect(ports.cards).toEqual([
        { runId: 'r1', title: 'Polish', text: '', pending: false, error: 'the stream was cut' },
      ]);
    }
  });

  it('when the focus moved (or the paste fails), the original waits in the card — never pasted elsewhere', async () => {
    const ports = createMemoryPorts();
    ports.inserter.insert = () =>
      Promise.resolve({
        inserted: false,
        keepInCard: true,
        reason: 'the focused window changed (now "xterm") — kept in the card',
      });
    const result = await deliverFailure({
      behavior: 'rewrite',
      original: 'keep me',
      error: 'boom',
      ports,
      ctx,
      target: editor,
    });
    expect(result).toMatchObject({
      tool: 'insert_text',
      delivered: false,
      via: 'floating_card',
      error: 'boom',
    });
    expect(ports.clipboardText).toBe('');
    expect(ports.notices).toEqual([]);
    expect(ports.cards).toEqual([
      {
        runId: 'r1',
        title: 'translate',
        text: 'keep me',
        pending: false,
        error:
          'boom — your original text was not pasted back (the focused window changed (now "xterm")): insert or copy it from here',
      },
    ]);
  });
});
