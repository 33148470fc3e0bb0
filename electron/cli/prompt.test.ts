import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../shared/types/run';
import {
  createTerminalPrompter,
  defaultApprove,
  describePermissionRequest,
  formatInput,
  lineSource,
  NO_TERMINAL_ANSWER,
  parseChoice,
  PERMISSION_MODE_FLAGS,
} from './prompt';

type PermissionRequest = Extract<RunEvent, { type: 'permission_request' }>;
const request = (over: Partial<PermissionRequest> = {}): PermissionRequest => ({
  type: 'permission_request',
  t: 1,
  requestId: 'req_aaaaaaaa',
  runId: 'run_aaaaaaaa',
  skill: 'helper',
  stepId: 'agent',
  callId: 'c1',
  tool: 'Bash',
  input: { command: 'npm test' },
  reason: 'default mode asks before Bash',
  suggestedRule: 'Bash(npm test:*)',
  expiresAt: 0,
  ...over,
});

const lines =
  (...answers: string[]) =>
  () =>
    lineSource(Readable.from(answers.map((a) => `${a}\n`)));

describe('prompt helpers', () => {
  it('maps flags and defaults', () => {
    expect(PERMISSION_MODE_FLAGS['accept-edits']).toBe('acceptEdits');
    expect(PERMISSION_MODE_FLAGS.acceptEdits).toBeUndefined();
    expect(defaultApprove(true)).toBe('ask');
    expect(defaultApprove(false)).toBe('never');
    expect(['y', 'YES', ' r ', 'a', 'always', 'n', 'no', 'x', ''].map(parseChoice)).toEqual([
      'allow_once',
      'allow_once',
      'allow_run',
      'allow_always',
      'allow_always',
      'deny',
      'deny',
      undefined,
      undefined,
    ]);
  });

  it('shows the input (long values cut), the diff, the reason and the rule', () => {
    expect(formatInput({ content: 'x'.repeat(500), n: 3 })).toEqual([
      `  content: ${'x'.repeat(400)}… (100 more characters)`,
      '  n: 3',
    ]);
    expect(formatInput({ command: 'a\nb' })).toEqual(['  command: a', '    b']);
    const shown = describePermissionRequest(
      request({ tool: 'Write', input: { file_path: 'a' }, diff: '--- a\n+++ a\n+x\n' }),
    );
    expect(shown).toEqual([
      '── helper wants to use Write',
      '  file_path: a',
      '  diff:',
      '    --- a',
      '    +++ a',
      '    +x',
      '  why asked: default mode asks before Bash',
      '  "always" would save the rule: Bash(npm test:*)',
    ]);
  });

  it('says whether Bash would run in a sandbox, and why not where there is none', () => {
    const sandboxLine = (sandbox: PermissionRequest['sandbox']) =>
      describePermissionRequest(request({ sandbox })).find((l) => l.startsWith('  sandbox:'));
    expect(sandboxLine({ confined: true, by: 'bubblewrap', network: false })).toBe(
      '  sandbox: bubblewrap — it can change files only in the working directory, cannot see your home ' +
        'folder and has no network',
    );
    expect(sandboxLine({ confined: true, by: 'sandbox-exec', network: true })).toBe(
      '  sandbox: sandbox-exec — it can change files only in the working directory, cannot see your home ' +
        'folder; network allowed',
    );
    expect(
      sandboxLine({
        confined: false,
        network: true,
        unavailable: 'not-installed',
        detail: 'bubblewrap is not installed (no bwrap on PATH; Debian/Ubuntu: apt install bubblewrap)',
      }),
    ).toBe(
      '  sandbox: NONE — bubblewrap is not installed (no bwrap on PATH; Debian/Ubuntu: apt install ' +
        'bubblewrap). This command can read and change any file you can.',
    );
    expect(sandboxLine(undefined)).toBeUndefined();
  });
});

describe('createTerminalPrompter', () => {
  it('asks one prompt at a time, answers read in order', async () => {
    const out: string[] = [];
    const p = createTerminalPrompter({
      approve: 'ask',
      lines: lines('y', 'n', 'no thanks'),
      canAnswerQuestions: true,
      write: (l) => out.push(l),
    });
    const [a, b] = await Promise.all([
      p.permission(request()),
      p.permission(request({ requestId: 'req_bbbbbbbb' })),
    ]);
    expect(a).toEqual({ choice: 'allow_once' });
    expect(b).toEqual({ choice: 'deny', reason: 'no thanks' });
    p.close();
  });

  it('drops a prompt the core timed out, and ends every prompt on close', async () => {
    const input = new PassThrough();
    const p = createTerminalPrompter({
      approve: 'ask',
      lines: () => lineSource(input),
      canAnswerQuestions: true,
      write: () => undefined,
    });
    const first = p.permission(request());
    const second = p.question({
      type: 'ask_user',
      t: 1,
      requestId: 'req_cccccccc',
      stepId: 'agent',
      callId: 'c2',
      question: 'Sure?',
      options: [],
    });
    await new Promise((r) => setTimeout(r, 10));
    p.drop('req_aaaaaaaa');
    expect(await first).toBeUndefined();
    input.write('typed late\n');
    expect(await second).toBe('typed late');
    const third = p.permission(request({ requestId: 'req_dddddddd' }));
    await new Promise((r) => setTimeout(r, 10));
    p.close();
    expect(await third).toBeUndefined();
  });

  it('answers questions "no answer" when it may not read, and never reads for always/never', async () => {
    let opened = 0;
    const p = createTerminalPrompter({
      approve: 'always',
      lines: () => (opened++, undefined),
      canAnswerQuestions: false,
      write: () => undefined,
    });
    expect(await p.permission(request())).toEqual({ choice: 'allow_once' });
    expect(
      await p.question({
        type: 'ask_user',
        t: 1,
        requestId: 'req_eeeeeeee',
        stepId: 'agent',
        callId: 'c3',
        question: 'Q?',
        options: ['a'],
      }),
    ).toBe(NO_TERMINAL_ANSWER);
    expect(opened).toBe(0);
    p.close();
  });
});
