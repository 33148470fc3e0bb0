import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../../../../shared/skills/template';
import { contextNamesIn, placeholderOptions, typedPlaceholderStart } from './placeholders';

describe('placeholderOptions', () => {
  it('offers the data placeholders, this skill’s config keys and its declared arguments', () => {
    const labels = placeholderOptions({
      configKeys: ['tone', ' tone', '', 'length'],
      argumentNames: ['text', 'lang'],
    }).map((o) => o.label);
    expect(labels).toEqual([
      '{{selection}}',
      '{{input}}',
      '{{clipboard}}',
      '{{app}}',
      '{{window_title}}',
      '{{url}}',
      '{{date}}',
      '{{time}}',
      '{{language}}',
      '{{config.tone}}',
      '{{config.length}}',
      '$ARGUMENTS',
      '$0',
      '$text',
      '$1',
      '$lang',
      '{baseDir}',
      '${CLAUDE_SKILL_DIR}',
    ]);
  });

  it('offers $0 as the first word when no argument is declared', () => {
    const labels = placeholderOptions({ configKeys: [], argumentNames: [] }).map((o) => o.label);
    expect(labels).toContain('$0');
    expect(labels.some((l) => l.startsWith('{{config.'))).toBe(false);
  });

  it('offers only what the engine fills: each option is replaced when rendered', () => {
    const options = placeholderOptions({ configKeys: ['tone'], argumentNames: ['text'] });
    for (const { label } of options) {
      const rendered = renderTemplate(label, {
        config: { tone: 'dry' },
        selection: 'S',
        clipboard: 'C',
        input: 'I',
        arguments: 'word',
        skillDir: '/skills/x',
        declaredArguments: ['text'],
      });
      expect(rendered, label).not.toContain(label);
    }
  });
});

describe('typedPlaceholderStart', () => {
  it('finds the placeholder being typed at the end of the text', () => {
    expect(typedPlaceholderStart('Use {{con')).toBe(4);
    expect(typedPlaceholderStart('Use {{')).toBe(4);
    expect(typedPlaceholderStart('Use {{config.to')).toBe(4);
    expect(typedPlaceholderStart('Say $ARG')).toBe(4);
    expect(typedPlaceholderStart('Say $')).toBe(4);
    expect(typedPlaceholderStart('In ${CLAUDE')).toBe(3);
    expect(typedPlaceholderStart('In {base')).toBe(3);
  });

  it('is null when nothing is being typed', () => {
    expect(typedPlaceholderStart('plain text')).toBeNull();
    expect(typedPlaceholderStart('done {{input}} ')).toBeNull();
    expect(typedPlaceholderStart('{{input}}')).toBeNull();
  });
});

describe('contextNamesIn', () => {
  it('lists the context placeholders a text uses', () => {
    expect([
      ...contextNamesIn('In {{ url }} of {{app}} at {{time}}; {{app}} again, {{apps}}, {{config.app}}'),
    ]).toEqual(['app', 'url', 'time']);
    expect(contextNamesIn('{{selection}}').size).toBe(0);
  });
});
