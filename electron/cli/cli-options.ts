// The command line's options, for node:util parseArgs. Each command takes the ones its help names; the
// checks of which go with which are the commands' (cli.ts, run-args.ts).
import type { parseArgs } from 'node:util';

export const CLI_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  json: { type: 'boolean' },
  strict: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  'skills-dir': { type: 'string', multiple: true },
  'plugin-dir': { type: 'string', multiple: true },
  all: { type: 'boolean' },
  'data-dir': { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  desktop: { type: 'boolean' },
  'no-keyring': { type: 'boolean' },
  input: { type: 'string' },
  selection: { type: 'string' },
  arguments: { type: 'string' },
  config: { type: 'string', multiple: true },
  context: { type: 'string', multiple: true },
  provider: { type: 'string' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
  'api-key-env': { type: 'string' },
  events: { type: 'string' },
  'permission-mode': { type: 'string' },
  approve: { type: 'string' },
  workdir: { type: 'string' },
  agent: { type: 'boolean' },
  trigger: { type: 'boolean' },
  continue: { type: 'string' },
  'fallback-original': { type: 'boolean' },
  'search-backend': { type: 'string' },
  'search-url': { type: 'string' },
  'search-key-env': { type: 'string' },
  output: { type: 'string', short: 'o' },
  'passphrase-env': { type: 'string' },
  replace: { type: 'boolean' },
  rename: { type: 'string' },
  audio: { type: 'string' },
  'speech-model': { type: 'string' },
  'speech-base-url': { type: 'string' },
  'speech-key-env': { type: 'string' },
  language: { type: 'string' },
} as const satisfies NonNullable<Parameters<typeof parseArgs>[0]>['options'];

/** The parsed flags. */
export type CliValues = ReturnType<
  typeof parseArgs<{ options: typeof CLI_OPTIONS; allowPositionals: true; strict: true }>
>['values'];

const CHAT_KINDS = ['openai', 'anthropic', 'openai-compatible'] as const;
const SPEECH_KINDS = ['openai', 'openai-compatible'] as const;

/**
 * `--provider` checked against the kinds a command takes (chat: all three; speech to text: no Anthropic):
 * the kind, absent, or what to say.
 */
export function providerFlag<K extends 'chat' | 'speech'>(
  flag: string | undefined,
  use: K,
):
  | { kind: (K extends 'chat' ? typeof CHAT_KINDS : typeof SPEECH_KINDS)[number] | undefined }
  | { problem: string } {
  const kinds: readonly string[] = use === 'chat' ? CHAT_KINDS : SPEECH_KINDS;
  if (flag === undefined || kinds.includes(flag))
    return { kind: flag as (K extends 'chat' ? typeof CHAT_KINDS : typeof SPEECH_KINDS)[number] | undefined };
  const what = use === 'speech' ? ' for speech to text' : '';
  return { problem: `--provider is one of ${kinds.join(', ')}${what}, not "${flag}"` };
}
