// The error of a request that found no usable key: each key by its label and why, and what to do.
import { ModelError } from './gateway';

/** Why one key cannot be used now. */
export type KeyState =
  | { label: string; state: 'invalid'; status: number }
  | { label: string; state: 'cooling'; ms: number }
  | { label: string; state: 'missing' };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A wait in English: "42 s" under two minutes, then "17 min", then "3 h" (rounded up). */
export function sayDuration(totalSeconds: number): string {
  if (totalSeconds < 120) return `${totalSeconds} s`;
  const minutes = Math.ceil(totalSeconds / 60);
  return minutes < 120 ? `${minutes} min` : `${Math.ceil(minutes / 60)} h`;
}

/** One key's state in English, e.g. "Work: invalid (401)". */
export function sayKeyState(key: KeyState): string {
  if (key.state === 'invalid') return `${key.label}: invalid (${key.status})`;
  if (key.state === 'cooling') return `${key.label}: cooling down for ${sayDuration(seconds(key.ms))}`;
  return `${key.label}: not in this program's secret store`;
}

/**
 * "every key of "openai" is unusable — Work: invalid (401), Personal: cooling down for 42 s; try again in
 * 42 s, or edit the invalid keys in Settings". A provider whose keys are all missing from the secret store
 * gets the older "has no API key" error, which the CLI words for a terminal. `words.values.keyStates` lists
 * the keys as data and `waitSeconds` the wait, so the dashboard can say them in its own language.
 */
export function keysUnusableError(provider: string, keys: KeyState[]): ModelError {
  if (keys.every((k) => k.state === 'missing')) {
    return new ModelError('no-provider', `provider "${provider}" has no API key — add it in Settings`, {
      words: { key: 'provider.noKey', values: { provider } },
    });
  }
  const cooling = keys.flatMap((k) => (k.state === 'cooling' ? [k.ms] : []));
  const invalid = keys.filter((k) => k.state !== 'cooling');
  const wait = cooling.length > 0 ? seconds(Math.min(...cooling)) : 0;
  const one = keys.length === 1;
  const variant = one
    ? cooling.length === 0
      ? 'oneInvalid'
      : 'oneCooling'
    : cooling.length === 0
      ? 'invalid'
      : invalid.length === 0
        ? 'cooling'
        : 'both';
  const later = sayDuration(wait);
  const todo = {
    invalid: 'edit or replace them in Settings',
    cooling: `try again in ${later}, or add another key in Settings`,
    both: `try again in ${later}, or edit the invalid keys in Settings`,
    oneInvalid: 'edit or replace it in Settings',
    oneCooling: `try again in ${later}, or add another key in Settings`,
  }[variant];
  const list = keys.map(sayKeyState).join(', ');
  const refused = keys.find((k) => k.state === 'invalid');
  const opening = one
    ? `the only key of "${provider}" is unusable`
    : `every key of "${provider}" is unusable`;
  return new ModelError('http', `${opening} — ${list}; ${todo}`, {
    // a 429 tells a workflow step that a later attempt may work; a refusal that none will
    status: cooling.length > 0 ? 429 : refused?.status,
    retryable: false,
    ...(cooling.length > 0 ? { retryAfterMs: wait * 1000 } : {}),
    words: {
      key: `provider.keysUnusable.${variant}`,
      values: {
        provider,
        keys: list,
        wait: later,
        waitSeconds: wait,
        keyStates: JSON.stringify(
          keys.map((k) =>
            k.state === 'invalid'
              ? { label: k.label, state: k.state, status: k.status }
              : k.state === 'cooling'
                ? { label: k.label, state: k.state, seconds: seconds(k.ms) }
                : { label: k.label, state: k.state },
          ),
        ),
      },
    },
  });
}
