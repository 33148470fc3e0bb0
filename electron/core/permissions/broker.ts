// Asks the user: permission prompts (answered through `permissions:respond`, a deny after the timeout)
// and AskUser questions (answered through `runs:answer`). Each open request is kept here with its run;
// while a run has one open, the run is `waiting` in SQLite with what it waits for, so a restart can
// resume it and ask again.
import crypto from 'node:crypto';

export type PermissionChoice = 'allow_once' | 'allow_run' | 'allow_always' | 'deny';

export interface PermissionAnswer {
  choice: PermissionChoice;
  /** deny: why, for the model. */
  reason?: string;
  /** allow_always: the rule to save instead of the suggested one (the user may edit it). */
  rule?: string;
}

export interface OpenRequest {
  requestId: string;
  runId: string;
  kind: 'permission' | 'ask_user';
  callId: string;
  /** ms since epoch; null for questions, which wait until answered or cancelled. */
  expiresAt: number | null;
}

type Answer = { kind: 'permission'; answer: PermissionAnswer } | { kind: 'ask_user'; answer: string };

interface Open extends OpenRequest {
  resolve: (answer: Answer | { kind: 'timeout' } | { kind: 'cancelled' }) => void;
}

export interface UserPrompts {
  /** Opens a request and waits for its answer, a timeout (permissions) or the signal. */
  ask(
    request: { runId: string; kind: 'permission'; callId: string; timeoutMs: number },
    announce: (requestId: string, expiresAt: number) => void,
    signal: AbortSignal,
  ): Promise<{ kind: 'permission'; answer: PermissionAnswer } | { kind: 'timeout' } | { kind: 'cancelled' }>;
  /** `requestId`: a question asked before a restart, open again under its id (a resumed run). */
  question(
    request: { runId: string; callId: string; requestId?: string },
    announce: (requestId: string) => void,
    signal: AbortSignal,
  ): Promise<{ kind: 'ask_user'; answer: string } | { kind: 'cancelled' }>;
  /** Answers a permission prompt; false when no such request is open. */
  respond(runId: string, requestId: string, answer: PermissionAnswer): boolean;
  /** Answers an AskUser question; false when no such question is open. */
  answer(runId: string, requestId: string, text: string): boolean;
  /** The open requests (of one run, or all). */
  open(runId?: string): OpenRequest[];
}

export const newRequestId = () => `req_${crypto.randomBytes(9).toString('base64url')}`;

export function createUserPrompts(options: {
  /** The run's waiting state changed: the open requests of that run (empty = running again). */
  onWaiting: (runId: string, open: OpenRequest[]) => void;
  now?: () => number;
}): UserPrompts {
  const now = options.now ?? Date.now;
  const requests = new Map<string, Open>();
  const ofRun = (runId: string) =>
    [...requests.values()].filter((r) => r.runId === runId).map(({ resolve: _resolve, ...rest }) => rest);

  function wait<T>(
    open: Omit<Open, 'resolve'>,
    signal: AbortSignal,
    timeoutMs: number | null,
    announce: () => void,
  ): Promise<T> {
    return new Promise<T>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = (value: unknown) => {
        if (!requests.has(open.requestId)) return;
        requests.delete(open.requestId);
        if (timer) clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        options.onWaiting(open.runId, ofRun(open.runId));
        resolve(value as T);
      };
      const onAbort = () => done({ kind: 'cancelled' });
      if (signal.aborted) return resolve({ kind: 'cancelled' } as T);
      requests.set(open.requestId, { ...open, resolve: done });
      signal.addEventListener('abort', onAbort, { once: true });
      if (timeoutMs !== null) timer = setTimeout(() => done({ kind: 'timeout' }), timeoutMs);
      options.onWaiting(open.runId, ofRun(open.runId));
      announce();
    });
  }

  return {
    ask(request, announce, signal) {
      const requestId = newRequestId();
      const expiresAt = now() + request.timeoutMs;
      return wait(
        { requestId, runId: request.runId, kind: 'permission', callId: request.callId, expiresAt },
        signal,
        request.timeoutMs,
        () => announce(requestId, expiresAt),
      );
    },
    question(request, announce, signal) {
      const requestId = request.requestId ?? newRequestId();
      return wait(
        { requestId, runId: request.runId, kind: 'ask_user', callId: request.callId, expiresAt: null },
        signal,
        null,
        () => announce(requestId),
      );
    },
    respond(runId, requestId, answer) {
      const open = requests.get(requestId);
      if (!open || open.runId !== runId || open.kind !== 'permission') return false;
      open.resolve({ kind: 'permission', answer });
      return true;
    },
    answer(runId, requestId, text) {
      const open = requests.get(requestId);
      if (!open || open.runId !== runId || open.kind !== 'ask_user') return false;
      open.resolve({ kind: 'ask_user', answer: text });
      return true;
    },
    open: (runId) =>
      runId !== undefined ? ofRun(runId) : [...requests.values()].map(({ resolve: _r, ...rest }) => rest),
  };
}
