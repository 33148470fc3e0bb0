// Why a permission decision went as it did, read back from the English `reason` the core records in the
// audit and the `permission_decision` event (electron/core/permissions/decide.ts, agent/permission-gate.ts), so a
// dashboard can say it in its own language — the audit keeps old rows as text, so reading is the one way
// that covers them. Anything not recognised stays the host's text. A core test runs real decisions
// through this reader so the two cannot drift apart.

export type DecisionMode = 'default' | 'acceptEdits' | 'plan' | 'unrestricted';

export type DecisionReason =
  | { kind: 'allowedOnce' }
  | { kind: 'allowedForRun' }
  | { kind: 'allowedAlways' }
  /** The user denied it; `text` is what they wrote, null when they gave no reason. */
  | { kind: 'deniedByUser'; text: string | null }
  /** `amount` + `unit` as the host measured the wait, e.g. 120 s. */
  | { kind: 'timeout'; amount: number; unit: 's' | 'ms' }
  /** Saved (or granted) rules that matched, as written. */
  | { kind: 'rules'; rules: string }
  | { kind: 'mode'; mode: DecisionMode }
  | { kind: 'modeAsks'; mode: DecisionMode; tool: string; outside: boolean }
  | { kind: 'planReadOnly' }
  | { kind: 'notAllowed'; tool: string }
  | { kind: 'unknownTool'; tool: string }
  | { kind: 'noNestedAgents'; tool: string }
  | { kind: 'text'; text: string };

const MODES: readonly string[] = ['default', 'acceptEdits', 'plan', 'unrestricted'];
const isMode = (value: string | undefined): value is DecisionMode => MODES.includes(value ?? '');

/** The reason of a decision as data; `{ kind: 'text' }` with the host's words when it is not one we know. */
export function readDecisionReason(reason: string): DecisionReason {
  const text = reason.trim();
  switch (text) {
    case 'allowed once':
      return { kind: 'allowedOnce' };
    case 'allowed for this run':
      return { kind: 'allowedForRun' };
    case 'always allowed for this skill':
      return { kind: 'allowedAlways' };
    case 'denied: no reason given':
      return { kind: 'deniedByUser', text: null };
    case 'plan mode allows read-only tools only':
      return { kind: 'planReadOnly' };
  }
  let m: RegExpExecArray | null;
  if ((m = /^denied: ([\s\S]+)$/.exec(text))) return { kind: 'deniedByUser', text: m[1]!.trim() };
  if ((m = /^no answer within (\d+) (s|ms)$/.exec(text)))
    return { kind: 'timeout', amount: Number(m[1]), unit: m[2] as 's' | 'ms' };
  if ((m = /^rules? (.+)$/s.exec(text))) return { kind: 'rules', rules: m[1]! };
  if ((m = /^mode (\w+)$/.exec(text)) && isMode(m[1])) return { kind: 'mode', mode: m[1] };
  if ((m = /^(\w+) mode asks before (\S+?)( outside the working directory)?$/.exec(text)) && isMode(m[1]))
    return { kind: 'modeAsks', mode: m[1], tool: m[2]!, outside: m[3] !== undefined };
  if ((m = /^tool (\S+) is not allowed here: a sub-agent cannot start sub-agents$/.exec(text)))
    return { kind: 'noNestedAgents', tool: m[1]! };
  if ((m = /^tool (\S+) is not allowed for skill \S+$/.exec(text)))
    return { kind: 'notAllowed', tool: m[1]! };
  if ((m = /^unknown tool (\S+);/.exec(text))) return { kind: 'unknownTool', tool: m[1]! };
  return { kind: 'text', text };
}
