// A failed run's error in a terminal's words. The core words its errors for the app ("add one in
// Settings") and gives them as data too (`words`: a key and values); a terminal has no Settings, so the
// errors about providers and keys are said here with the flags, variables and `skilldeck serve`.
import type { ErrorWords } from '../../shared/ipc/result';

export interface TerminalContext {
  /** `--provider` was given: the run's provider comes from the flags. */
  adhoc: boolean;
  /** The variables of `--api-key-env`, when given. */
  apiKeyEnv?: readonly string[];
}

const PROVIDER_FLAGS =
  '--provider openai|anthropic|openai-compatible --base-url URL --model M --api-key-env VAR';
const DASHBOARD = 'the dashboard of `skilldeck serve`';

/** The message for a terminal; falls back to the core's, with "Settings" pointed at serve's dashboard. */
export function terminalError(
  message: string,
  words: ErrorWords | undefined,
  context: TerminalContext,
): string {
  const v = (name: string) => String(words?.values?.[name] ?? '');
  const variables = context.apiKeyEnv?.map((name) => `$${name}`).join(', ');
  const keyHint = variables
    ? `check the key${context.apiKeyEnv!.length > 1 ? 's' : ''} in ${variables}`
    : `give the key with --api-key-env VAR (the variable that holds it)`;
  if (words?.key.startsWith('provider.keysUnusable.')) return keysUnusable(message, words.key, v, context);
  switch (words?.key) {
    case 'provider.none':
      return `no provider configured. Name one for this run: ${PROVIDER_FLAGS}; or add one in ${DASHBOARD}`;
    case 'provider.noBaseUrl':
      return `provider "${v('provider')}" has no base URL: set it in ${DASHBOARD}, or name a provider for this run: ${PROVIDER_FLAGS}`;
    case 'provider.noModel':
      return `provider "${v('provider')}" has no default model: ${context.adhoc ? 'add --model M' : `set one in ${DASHBOARD}, name a model in the skill, or name a provider for this run: ${PROVIDER_FLAGS}`}`;
    case 'provider.unknown':
    case 'provider.unknownNoneConfigured':
      return `unknown provider "${v('provider')}" (the skill's provider: field)${words.key === 'provider.unknown' ? `; configured: ${v('configured')}` : ''}. Fix the field, add the provider in ${DASHBOARD}, or name one for this run: ${PROVIDER_FLAGS}`;
    case 'provider.noKey':
      if (context.adhoc)
        return `--provider ${v('provider')} needs an API key: add --api-key-env VAR, naming the variable that holds it`;
      return `provider "${v('provider')}" has no API key this command can read (a key typed in the desktop app, or in \`skilldeck serve\` without a keyring, stays with that program). Give it here with --api-key-env VAR (the variable that holds it), or run the skill from that program`;
    case 'provider.keyRefused':
      return `the provider refused the API key (401): ${context.adhoc || context.apiKeyEnv ? keyHint : `check the key of "${v('provider')}" in ${DASHBOARD}, or ${keyHint}`}`;
    case 'provider.denied':
      return `${v('provider')} denied access (403): check the key's permissions (${variables ? `the key in ${variables}` : `"${v('provider')}" in ${DASHBOARD}`}): ${v('said')}`;
  }
  return message.replace(/\bin Settings\b/g, `in ${DASHBOARD}`);
}

/** No usable key left in the pool: each key (a variable's name, with --api-key-env) and what to do here. */
function keysUnusable(
  message: string,
  key: string,
  v: (name: string) => string,
  context: TerminalContext,
): string {
  const variant = key.slice('provider.keysUnusable.'.length);
  const cooling = variant === 'cooling' || variant === 'both' || variant === 'oneCooling';
  const refused = variant !== 'cooling' && variant !== 'oneCooling';
  if (!context.apiKeyEnv)
    return `${message.replace(/\bin Settings\b/g, `in ${DASHBOARD}`)}, or give keys here with --api-key-env A,B,C`;
  const one = variant.startsWith('one');
  const todo = [
    ...(cooling ? [`try again in ${v('wait')}`] : []),
    refused ? 'replace the refused keys in their variables' : 'add another variable to --api-key-env',
  ].join(', or ');
  return `${one ? 'the key' : 'every key'} given with --api-key-env is unusable — ${v('keys')}; ${todo}`;
}
