import { describe, expect, it } from 'vitest';
import { buildUserMessage, contextBehavior, NO_INPUT_MESSAGE } from './context';

describe('contextBehavior', () => {
  it('maps (selection?, instruction?) to the four behaviors', () => {
    expect(contextBehavior({ selection: 'text', instruction: '' })).toBe('directOutput');
    expect(contextBehavior({ selection: 'text', instruction: 'more formal' })).toBe('rewrite');
    expect(contextBehavior({ selection: '', instruction: 'what is a monad?' })).toBe('explain');
    expect(contextBehavior({})).toBe('noInput');
  });

  it('whitespace-only counts as absent', () => {
    expect(contextBehavior({ selection: ' \n', instruction: '\t' })).toBe('noInput');
    expect(contextBehavior({ selection: null, instruction: ' x ' })).toBe('explain');
  });
});

describe('buildUserMessage', () => {
  it('directOutput: the selection as the input, untouched', () => {
    expect(buildUserMessage('directOutput', { selection: '  Hola\n' })).toBe('  Hola\n');
  });

  it('rewrite: the selection and the instruction', () => {
    const message = buildUserMessage('rewrite', { selection: 'Hi there', instruction: ' more formal ' });
    expect(message).toBe('<text>\nHi there\n</text>\n\nInstruction: more formal');
  });

  it('explain: the question (and the selection when one is given)', () => {
    expect(buildUserMessage('explain', { instruction: 'what is FTS5? ' })).toBe('what is FTS5?');
    expect(buildUserMessage('explain', { selection: 'x', instruction: 'why?' })).toBe(
      '<text>\nx\n</text>\n\nQuestion: why?',
    );
  });

  it('noInput: the instruction if any, else a note that nothing was given', () => {
    expect(buildUserMessage('noInput', {})).toBe(NO_INPUT_MESSAGE);
    expect(buildUserMessage('noInput', { instruction: 'go' })).toBe('go');
  });
});
