import type { RunEvent } from '../../../shared/types/run';
import { createCore, type Core } from '../../core/core';
import type { ProviderKind } from '../../core/providers/gateway';
import { adhocProvider } from '../../core/providers/adhoc';
import { NO_PROVIDER_MESSAGE } from '../../core/providers/model-gateway';
import type { SkillDir } from '../../core/skills/sources';
import { createNodePorts, type Writer } from '../node-ports';
import { createEnvSecrets } from '../node-secrets';
import type { Io } from '../io';
import { packageVersion, resolveDataDir } from '../paths';

export interface RunOptions {
  skillId: string;
  skillDirs: SkillDir[];
  dataDirFlag: string | undefined;
  /** `--input`: the typed text (instruction); `-` reads stdin. */
  input?: string;
  selection?: string;
  config: Record<string, string>;
  provider?: ProviderKind;
  baseUrl?: string;
  model?: string;
  apiKeyEnv?: string;
  events: boolean;
  /** Where insert_text / the card print (stdout in the CLI). */
  stdout?: Writer;
  stdin?: () => Promise<string>;
  /** Cancels the run (SIGINT in the CLI); tests pass their own. */
  interrupt?: AbortSignal;
}

/** Exit code of a run cancelled by Ctrl-C: 130, as shells report SIGINT. */
export const EXIT_CANCELLED = 130;

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `skilldeck run SKILL`: runs one skill to its end. Without `--events` the output tool prints the result
 * (insert_text → stdout, floating_card → a framed card); with `--events ndjson` stdout carries one JSON
 * event per line and the output tools print to stderr. Exit 0 succeeded, 1 failed, 130 cancelled (Ctrl-C).
 */
export async function runCommand(options: RunOptions, io: Io): Promise<number> {
  const stdout: Writer = options.stdout ?? process.stdout;
  const printTo: Writer = options.events ? { write: (s) => io.err(s.replace(/\n$/, '')) } : stdout;
  const secrets = createEnvSecrets(options.apiKeyEnv);
  let core: Core;
  try {
    core = createCore({
      dataDir: resolveDataDir(options.dataDirFlag),
      skillDirs: options.skillDirs,
      watchSkills: false,
      runtime: 'node',
      version: packageVersion(),
      // xclip needs an X display; without one there is no clipboard to read or write
      ports: {
        ...createNodePorts({ out: printTo, clipboardCommand: process.env.DISPLAY ? undefined : null }),
        secrets,
      },
      gateway: options.provider
        ? adhocProvider(
            {
              kind: options.provider,
              baseUrl: options.baseUrl,
              model: options.model,
              apiKeyEnv: options.apiKeyEnv,
            },
            secrets,
          )
        : undefined,
      onInternalError: (error) =>
        io.err(`skilldeck: internal error: ${(error as Error).stack ?? String(error)}`),
    });
  } catch (error) {
    io.err(`skilldeck: ${(error as Error).message}`);
    return 1;
  }
  try {
    const input = options.input === '-' ? await (options.stdin ?? readStdin)() : options.input;
    let runId = '';
    const early: { runId: string; event: RunEvent }[] = [];
    let resolveEnd: (event: Extract<RunEvent, { type: 'complete' }>) => void = () => undefined;
    const ended = new Promise<Extract<RunEvent, { type: 'complete' }>>((resolve) => (resolveEnd = resolve));
    const onEvent = ({ runId: id, event }: { runId: string; event: RunEvent }) => {
      if (id !== runId) return;
      if (options.events) stdout.write(JSON.stringify(event) + '\n');
      if (event.type === 'complete') resolveEnd(event);
    };
    const unsubscribe = core.events.subscribe((name, payload) => {
      if (name !== 'runs:event') return;
      const message = payload as { runId: string; event: RunEvent };
      if (runId === '') early.push(message);
      else onEvent(message);
    });
    const started = await core.dispatch('runs:start', {
      skillId: options.skillId,
      instruction: input,
      selection: options.selection,
      config: Object.keys(options.config).length > 0 ? options.config : undefined,
    });
    if (!started.ok) {
      unsubscribe();
      io.err(`skilldeck: ${started.error.message}`);
      return started.error.code === 'NOT_FOUND' || started.error.code === 'INVALID_INPUT' ? 2 : 1;
    }
    runId = (started.value as { runId: string }).runId;
    for (const m of early.splice(0)) onEvent(m);
    const cancel = () => core.executor.cancel(runId);
    options.interrupt?.addEventListener('abort', cancel, { once: true });
    const end = await ended;
    await core.executor.settled(runId);
    unsubscribe();
    if (end.status === 'failed')
      io.err(`skilldeck: ${options.skillId} failed: ${end.error ?? 'unknown error'}`);
    if (end.error === NO_PROVIDER_MESSAGE) {
      io.err(
        'In the CLI, name one: --provider openai|anthropic|openai-compatible --base-url URL --model M --api-key-env VAR',
      );
    }
    if (end.status === 'cancelled') {
      io.err('skilldeck: cancelled');
      return EXIT_CANCELLED;
    }
    return end.status === 'succeeded' ? 0 : 1;
  } finally {
    core.close();
  }
}
