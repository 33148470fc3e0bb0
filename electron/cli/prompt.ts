// Terminal prompts of `skilldeck run` for agent runs: permission prompts (y once, r this run, a always for
// this skill, n deny + reason) and AskUser questions, asked on stderr and answered by a line of stdin (or
// /dev/tty when stdin carries the input). Streams are injected, so tests script the answers.
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import type { RunEvent } from '../../shared/types/run';
import type { PermissionMode } from '../../shared/types/permission';
import type { PermissionAnswer, PermissionChoice } from '../core/permissions/broker';

/** `--approve`: prompt on the terminal, or answer every permission prompt yes / no. */
export const APPROVE_VALUES = ['ask', 'always', 'never'] as const;
export type Approve = (typeof APPROVE_VALUES)[number];

/** `--permission-mode` spellings (kebab-case, as flags are) → the core's modes. */
export const PERMISSION_MODE_FLAGS: Readonly<Record<string, PermissionMode>> = {
  default: 'default',
  'accept-edits': 'acceptEdits',
  plan: 'plan',
  unrestricted: 'unrestricted',
};

/** Without `--approve`: ask on a terminal; with stdin not a terminal, deny, so a script never hangs. */
export const defaultApprove = (stdinIsTTY: boolean): Approve => (stdinIsTTY ? 'ask' : 'never');

/** The deny reason the model receives under `--approve never`. */
export const NEVER_REASON = 'skilldeck run --approve never denies every call that needs permission';

/** The answer an AskUser question gets when there is no terminal to ask on. */
export const NO_TERMINAL_ANSWER =
  '(no answer: the user could not be asked — skilldeck run has no terminal to read an answer from; ' +
  'go on without it or say what you need in your final answer)';

/** The answer an AskUser question gets when stdin ended before an answer. */
export const STDIN_CLOSED_ANSWER =
  '(no answer: stdin ended before the user answered; go on without it or say what you need in your final answer)';

/** Reads lines one at a time; `undefined` at the end of the stream or when `signal` aborts the read. */
export interface LineSource {
  read(signal?: AbortSignal): Promise<string | undefined>;
  close(): void;
}

export function lineSource(input: Readable, onClose?: () => void): LineSource {
  const rl = readline.createInterface({ input, crlfDelay: Infinity, terminal: false });
  const lines: string[] = [];
  const waiters: ((line: string | undefined) => void)[] = [];
  let ended = false;
  rl.on('line', (line) => {
    const waiter = waiters.shift();
    if (waiter) waiter(line);
    else lines.push(line);
  });
  rl.on('close', () => {
    ended = true;
    for (const waiter of waiters.splice(0)) waiter(undefined);
  });
  input.on('error', () => rl.close());
  return {
    read(signal) {
      if (lines.length > 0) return Promise.resolve(lines.shift());
      if (ended || signal?.aborted) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        const waiter = (line: string | undefined) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(line);
        };
        const onAbort = () => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) waiters.splice(i, 1);
          resolve(undefined);
        };
        waiters.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    close() {
      if (!ended) rl.close();
      onClose?.();
    },
  };
}

const MAX_VALUE_CHARS = 400;

/** A tool input as `key: value` lines, long values cut (the diff shows a Write's content in full). */
export function formatInput(input: unknown): string[] {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    return [`  ${JSON.stringify(input)}`];
  const lines: string[] = [];
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    let text = typeof value === 'string' ? value : JSON.stringify(value);
    if (text.length > MAX_VALUE_CHARS)
      text = `${text.slice(0, MAX_VALUE_CHARS)}… (${text.length - MAX_VALUE_CHARS} more characters)`;
    const [first = '', ...rest] = text.split('\n');
    lines.push(`  ${key}: ${first}`, ...rest.map((l) => `    ${l}`));
  }
  return lines;
}

type PermissionRequest = Extract<RunEvent, { type: 'permission_request' }>;
type AskUserEvent = Extract<RunEvent, { type: 'ask_user' }>;

/** What the terminal shows for a permission prompt (without the question line). */
export function describePermissionRequest(request: PermissionRequest): string[] {
  return [
    `── ${request.skill} wants to use ${request.tool}`,
    ...formatInput(request.input),
    ...(request.diff !== undefined
      ? [
          '  diff:',
          ...request.diff
            .replace(/\n$/, '')
            .split('\n')
            .map((l) => `    ${l}`),
        ]
      : []),
    `  why asked: ${request.reason}`,
    ...(request.sandbox ? [`  sandbox: ${sandboxWords(request.sandbox)}`] : []),
    `  "always" would save the rule: ${request.suggestedRule}`,
  ];
}

/** Where a Bash command would run, in a terminal's words. */
function sandboxWords(sandbox: NonNullable<PermissionRequest['sandbox']>): string {
  if (!sandbox.confined)
    return `NONE — ${sandbox.detail ?? 'no sandbox here'}. This command can read and change any file you can.`;
  const network = sandbox.network ? '; network allowed' : ' and has no network';
  return `${sandbox.by ?? 'sandbox'} — it can change files only in the working directory, cannot see your home folder${network}`;
}

export const PERMISSION_QUESTION = 'Allow? [y] once, [r] for this run, [a] always for this skill, [n] deny:';

export function parseChoice(text: string): PermissionChoice | undefined {
  switch (text.trim().toLowerCase()) {
    case 'y':
    case 'yes':
      return 'allow_once';
    case 'r':
    case 'run':
      return 'allow_run';
    case 'a':
    case 'always':
      return 'allow_always';
    case 'n':
    case 'no':
      return 'deny';
    default:
      return undefined;
  }
}

const DECIDED: Record<PermissionChoice, string> = {
  allow_once: 'allowed once',
  allow_run: 'allowed for this run',
  allow_always: 'always allowed for this skill',
  deny: 'denied',
};

export interface TerminalPrompter {
  /** The answer to send with `permissions:respond`; undefined when the prompt was dropped (timeout, end). */
  permission(request: PermissionRequest): Promise<PermissionAnswer | undefined>;
  /** The answer to send with `runs:answer`; undefined when the question was dropped (the run ended). */
  question(event: AskUserEvent): Promise<string | undefined>;
  /** The core answered the request itself (timeout): stop asking it. */
  drop(requestId: string): void;
  /** Ends every prompt and releases the line source. */
  close(): void;
}

export function createTerminalPrompter(options: {
  approve: Approve;
  /** Where answers are read from; called on the first prompt that needs one; undefined: nowhere. */
  lines: () => LineSource | undefined;
  /** Whether AskUser questions may read a line (a terminal, or `--approve ask` on piped stdin). */
  canAnswerQuestions: boolean;
  /** One line to stderr. */
  write: (line: string) => void;
}): TerminalPrompter {
  const { approve, write } = options;
  const closed = new AbortController();
  const dropped = new Map<string, AbortController>();
  let source: LineSource | undefined | null = null;
  const lines = () => (source === null ? (source = options.lines()) : source);
  // one prompt at a time: answers are read in order
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };
  const signalFor = (requestId: string) => {
    const c = new AbortController();
    dropped.set(requestId, c);
    closed.signal.addEventListener('abort', () => c.abort(), { once: true });
    return c.signal;
  };

  async function askPermission(
    request: PermissionRequest,
    signal: AbortSignal,
  ): Promise<PermissionAnswer | undefined> {
    const reader = lines();
    if (!reader) {
      write(`skilldeck: ${request.tool} denied: no terminal to ask on`);
      return { choice: 'deny', reason: 'the user could not be asked (no terminal)' };
    }
    for (;;) {
      write(PERMISSION_QUESTION);
      const line = await reader.read(signal);
      if (signal.aborted) return undefined;
      if (line === undefined) {
        write(`skilldeck: ${request.tool} denied: stdin ended before an answer`);
        return { choice: 'deny', reason: 'stdin ended before the user answered' };
      }
      const choice = parseChoice(line);
      if (choice === undefined) {
        write(`Answer y, r, a or n (not "${line.trim()}").`);
        continue;
      }
      if (choice !== 'deny') {
        write(`skilldeck: ${request.tool} ${DECIDED[choice]}`);
        return { choice };
      }
      write('Why (optional, sent to the model; Enter to skip):');
      const reason = (await reader.read(signal))?.trim().slice(0, 2000); // the channel's limit
      if (signal.aborted) return undefined;
      write(`skilldeck: ${request.tool} denied`);
      return reason ? { choice, reason } : { choice };
    }
  }

  return {
    permission(request) {
      const signal = signalFor(request.requestId);
      return serial(async () => {
        if (signal.aborted) return undefined;
        for (const l of describePermissionRequest(request)) write(l);
        try {
          if (approve === 'always') {
            write(`skilldeck: ${request.tool} allowed once (--approve always)`);
            return { choice: 'allow_once' };
          }
          if (approve === 'never') {
            write(`skilldeck: ${request.tool} denied (--approve never)`);
            return { choice: 'deny', reason: NEVER_REASON };
          }
          return await askPermission(request, signal);
        } finally {
          dropped.delete(request.requestId);
        }
      });
    },
    question(event) {
      const signal = signalFor(event.requestId);
      return serial(async () => {
        if (signal.aborted) return undefined;
        write(`── question: ${event.question}`);
        event.options.forEach((o, i) => write(`  ${i + 1}. ${o}`));
        try {
          const reader = options.canAnswerQuestions ? lines() : undefined;
          if (!reader) {
            write(
              'skilldeck: no terminal to ask on (stdin is not a TTY): the question is answered "no answer"',
            );
            return NO_TERMINAL_ANSWER;
          }
          write(event.options.length > 0 ? 'Your answer (a number or text):' : 'Your answer:');
          const line = await reader.read(signal);
          if (signal.aborted) return undefined;
          if (line === undefined) {
            write('skilldeck: stdin ended before an answer: the question is answered "no answer"');
            return STDIN_CLOSED_ANSWER;
          }
          const n = Number(line.trim());
          return Number.isInteger(n) && n >= 1 && n <= event.options.length ? event.options[n - 1]! : line;
        } finally {
          dropped.delete(event.requestId);
        }
      });
    },
    drop(requestId) {
      dropped.get(requestId)?.abort();
    },
    close() {
      closed.abort();
      if (source) source.close();
      source = undefined;
    },
  };
}
