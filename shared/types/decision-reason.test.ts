import { describe, expect, it } from 'vitest';
import { readDecisionReason } from './decision-reason';

describe('readDecisionReason', () => {
  it("reads the user's answers, a typed reason kept as typed", () => {
    expect(readDecisionReason('allowed once')).toEqual({ kind: 'allowedOnce' });
    expect(readDecisionReason('allowed for this run')).toEqual({ kind: 'allowedForRun' });
    expect(readDecisionReason('always allowed for this skill')).toEqual({ kind: 'allowedAlways' });
    expect(readDecisionReason('denied: Not in that folder, please')).toEqual({
      kind: 'deniedByUser',
      text: 'Not in that folder, please',
    });
    expect(readDecisionReason('denied: no reason given')).toEqual({ kind: 'deniedByUser', text: null });
    expect(readDecisionReason('denied: two\nlines')).toEqual({ kind: 'deniedByUser', text: 'two\nlines' });
  });

  it('reads timeouts, rules and the permission modes', () => {
    expect(readDecisionReason('no answer within 120 s')).toEqual({ kind: 'timeout', amount: 120, unit: 's' });
    expect(readDecisionReason('no answer within 80 ms')).toEqual({ kind: 'timeout', amount: 80, unit: 'ms' });
    expect(readDecisionReason('rule Bash(git diff:*)')).toEqual({ kind: 'rules', rules: 'Bash(git diff:*)' });
    expect(readDecisionReason('rules Bash(a:*), Read')).toEqual({ kind: 'rules', rules: 'Bash(a:*), Read' });
    expect(readDecisionReason('mode acceptEdits')).toEqual({ kind: 'mode', mode: 'acceptEdits' });
    expect(readDecisionReason('plan mode allows read-only tools only')).toEqual({ kind: 'planReadOnly' });
    expect(readDecisionReason('default mode asks before Bash')).toEqual({
      kind: 'modeAsks',
      mode: 'default',
      tool: 'Bash',
      outside: false,
    });
    expect(readDecisionReason('acceptEdits mode asks before Write outside the working directory')).toEqual({
      kind: 'modeAsks',
      mode: 'acceptEdits',
      tool: 'Write',
      outside: true,
    });
  });

  it('reads the tools a skill may not use', () => {
    expect(readDecisionReason('tool Bash is not allowed for skill shell')).toEqual({
      kind: 'notAllowed',
      tool: 'Bash',
    });
    expect(readDecisionReason('unknown tool Teleport; the tools here are Read, Bash')).toEqual({
      kind: 'unknownTool',
      tool: 'Teleport',
    });
    expect(readDecisionReason('tool Task is not allowed here: a sub-agent cannot start sub-agents')).toEqual({
      kind: 'noNestedAgents',
      tool: 'Task',
    });
  });

  it('keeps anything else as the host said it', () => {
    expect(readDecisionReason('mode sideways')).toEqual({ kind: 'text', text: 'mode sideways' });
    expect(readDecisionReason('a sandbox refused it')).toEqual({
      kind: 'text',
      text: 'a sandbox refused it',
    });
  });
});
