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

// the kinds of shared/types/provider.ts's ProviderKind, written out: this file is read for `--help`,
// before zod is loaded
const PROVIDER_KINDS = {
  chat: ['openai', 'anthropic', 'openai-compatible'],
  speech: ['openai', 'openai-compatible'],
} as const;

/**
 * `--provider` checked against the kinds a command takes (chat: all three; speech to text: no Anthropic):
 * the kind, absent, or what to say.
 */
export function providerFlag<K extends keyof typeof PROVIDER_KINDS>(
  flag: string | undefined,
  use: K,
): { kind: (typeof PROVIDER_KINDS)[K][number] | undefined } | { problem: string } {
  const kinds: readonly string[] = PROVIDER_KINDS[use];
  if (flag === undefined || kinds.includes(flag))
    return { kind: flag as (typeof PROVIDER_KINDS)[K][number] | undefined };
  const what = use === 'speech' ? ' for speech to text' : '';
  return { problem: `--provider is one of ${kinds.join(', ')}${what}, not "${flag}"` };
}
