import { describe, expect, it } from 'vitest';
import { EMPTY_SAMPLE } from '../../stores/editor-try';
import { previewPrompt } from './preview';

const values = {
  body: 'Write {{config.tone}} notes in $lang about {{input}} ({{selection}}|{{clipboard}}) on {{date}} from {baseDir}.',
  config: [
    { key: 'tone', value: 'dry', kind: 'string' as const },
    { key: 'bad', value: '[oops', kind: 'json' as const },
  ],
  arguments: [
    { name: 'topic', description: '', default: '', options: [] },
    { name: 'lang', description: '', default: 'French', options: ['French', 'German'] },
  ],
};
const date = () => new Date(2026, 10, 24);

describe('previewPrompt', () => {
  it('fills the samples, the form’s config and an argument’s default, as a run would', () => {
    const preview = previewPrompt(
      values,
      { ...EMPTY_SAMPLE, selection: 'the text', clipboard: 'copied', arguments: 'budget' },
      '/skills/notes',
      date,
    );
    expect(preview.system).toBe(
      'Write dry notes in French about the text (the text|copied) on 2026-11-24 from /skills/notes.',
    );
    expect(preview.behavior).toBe('directOutput');
    expect(preview.user).toBe('the text');
  });

  it('says what the model gets for typed input alone, and for nothing at all', () => {
    const typed = previewPrompt(
      values,
      { ...EMPTY_SAMPLE, input: 'the meeting', arguments: 'x German' },
      '/s',
      date,
    );
    expect(typed.system).toContain('in German about the meeting (|)');
    expect(typed).toMatchObject({ behavior: 'explain', user: 'the meeting' });
    const nothing = previewPrompt(values, EMPTY_SAMPLE, '/s', date);
    expect(nothing.behavior).toBe('noInput');
    expect(nothing.user).toMatch(/No text was selected/);
  });

  it('keeps a config value the form cannot write yet as it is typed', () => {
    const preview = previewPrompt({ ...values, body: '{{config.bad}}' }, EMPTY_SAMPLE, '/s', date);
    expect(preview.system).toBe('[oops');
  });
});
