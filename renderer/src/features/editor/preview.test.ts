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
const date = () => new Date(2026, 10, 24, 16, 5);
const en = { language: 'en', systemLocale: 'en-US', date };

describe('previewPrompt', () => {
  it('fills the samples, the form’s config and an argument’s default, as a run would', () => {
    const preview = previewPrompt(
      values,
      { ...EMPTY_SAMPLE, selection: 'the text', clipboard: 'copied', arguments: 'budget' },
      '/skills/notes',
      en,
    );
    expect(preview.system).toBe(
      'Write dry notes in French about the text (the text|copied) on Tuesday, November 24, 2026 from /skills/notes.',
    );
    expect(preview.behavior).toBe('directOutput');
    expect(preview.user).toBe('the text');
  });

  it('says what the model gets for typed input alone, and for nothing at all', () => {
    const typed = previewPrompt(
      values,
      { ...EMPTY_SAMPLE, input: 'the meeting', arguments: 'x German' },
      '/s',
      en,
    );
    expect(typed.system).toContain('in German about the meeting (|)');
    expect(typed).toMatchObject({ behavior: 'explain', user: 'the meeting' });
    const nothing = previewPrompt(values, EMPTY_SAMPLE, '/s', en);
    expect(nothing.behavior).toBe('noInput');
    expect(nothing.user).toMatch(/No text was selected/);
  });

  it('fills the context placeholders from the sample window and the dashboard language', () => {
    const body = '{{app}}|{{window_title}}|{{url}}|{{language}}|{{date}}|{{time}}';
    const sample = { ...EMPTY_SAMPLE, app: 'firefox', windowTitle: 'Inbox — Mozilla Firefox' };
    expect(previewPrompt({ ...values, body }, sample, '/s', en).system).toBe(
      'firefox|Inbox — Mozilla Firefox||English|Tuesday, November 24, 2026|4:05 PM',
    );
    const chinese = previewPrompt({ ...values, body }, sample, '/s', { language: 'zh-CN', date });
    expect(chinese.system).toBe(
      'firefox|Inbox — Mozilla Firefox||Simplified Chinese|2026年11月24日星期二|16:05',
    );
  });

  it('keeps a config value the form cannot write yet as it is typed', () => {
    const preview = previewPrompt({ ...values, body: '{{config.bad}}' }, EMPTY_SAMPLE, '/s', en);
    expect(preview.system).toBe('[oops');
  });
});
