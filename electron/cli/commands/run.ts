import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import tty from 'node:tty';
import type { ContextValues } from '../../../shared/skills/context-values';
import type { PermissionMode } from '../../../shared/types/permission';
import type { RunEvent } from '../../../shared/types/run';
import type { ProviderKind } from '../../core/providers/gateway';
import type { WebSearchOptions } from '../../core/search/web-search';
import type { SkillDir } from '../../core/skills/sources';
import { modelOnlyRefusal } from '../../core/skills/model-only';
import { createNodePorts, type Writer } from '../node-ports';
import { openCliCore } from '../cli-core';
import type { Io } from '../io';
import { createTerminalPrompter, defaultApprove, lineSource, type Approve, type LineSource } from '../prompt';
import { terminalError } from '../run-errors';
import { createRunOutput } from '../run-output';
import { createStepProgress } from '../step-progress';
import { oneLine } from '../terminal-text';
import { readStdin } from '../stdin';
import { transcribeWith, type SpeechFlags } from './transcribe';

export interface RunOptions {
  /** The skill to run; with `continueRunId` optional (checked against the run's when given). */
  skillId: string;
  /** `--continue RUN_ID`: `input` is a follow-up continuing that run's conversation (one more turn). */
  continueRunId?: string;
  skillDirs: SkillDir[];
  /** `--plugin-dir`: plugin folders searched too (ids `<plugin>:<skill>`). */
  pluginDirs?: string[];
  dataDirFlag: string | undefined;
  /** `--input`: the typed text (instruction); `-` reads stdin. */
  input?: string;
  selection?: string;
  /** `--arguments`: what follows the skill's name when typed as a command ($ARGUMENTS, $0…$N, named). */
  arguments?: string;
  config: Record<string, string>;
  /** `--context NAME=VALUE`: `{{app}}`, `{{window_title}}`, `{{url}}`, or over `{{date}}`, `{{time}}`, `{{language}}`. */
  context?: ContextValues;
  /** `--fallback-original`: on failure print the original text (the selection, else the input) on stdout. */
  fallbackOriginal?: boolean;
  /**
   * `--audio FILE`: transcribed first (`flags`: the endpoint, model and language); the transcript is the
   * run's input, and a failed run prints it on stdout (dictated words are never lost).
   */
  audio?: { file: string; bytes: Uint8Array; flags: SpeechFlags };
  provider?: ProviderKind;
  baseUrl?: string;
  model?: string;
  apiKeyEnv?: string[];
  events: boolean;
  /** Where insert_text / the card print (stdout in the CLI). */
  stdout?: Writer;
  stdin?: () => Promise<string>;
  /** Cancels the run (SIGINT in the CLI); tests pass their own. */
  interrupt?: AbortSignal;
  /** Agent runs: `--permission-mode` (over the skill's and the global mode). */
  permissionMode?: PermissionMode;
  /** `--agent`: run a prompt skill as an agent. */
  agent?: boolean;
  /** Agent runs: `--workdir`; without it the core's per-skill workspace `<data dir>/workspaces/<skill>`. */
  workdir?: string;
  /** Agent runs: how permission prompts are answered; default `ask` on a terminal, else `never`. */
  approve?: Approve;
  /**
   * Where prompt answers are read from (default process.stdin; with `--input -`, which takes stdin,
   * /dev/tty). `isTTY` decides the default of `approve` and whether AskUser questions may read a line.
   */
  terminal?: { input: Readable; isTTY: boolean };
  /** `--search-backend`, `--search-url`, `--search-key-env`: WebSearch's backend over the settings. */
  webSearch?: WebSearchOptions;
  /** Where the step list of a workflow, phases or autonomous run is drawn (default stderr). */
  progress?: { stream: NodeJS.WritableStream & { columns?: number }; isTTY: boolean };
}

/** How a run ends (`complete`) or, with --continue, its follow-up (`turn_complete`). */
type RunEnd = Extract<RunEvent, { type: 'complete' } | { type: 'turn_complete' }>;

/** Exit code of a run cancelled by Ctrl-C: 130, as shells report SIGINT. */
export const EXIT_CANCELLED = 130;

/** The controlling terminal, when stdin is taken by `--input -` (undefined without one). */
function openTty(): LineSource | undefined {
  try {
    const fd = fs.openSync('/dev/tty', 'r');
    const stream = new tty.ReadStream(fd);
    return lineSource(stream, () => stream.destroy());
  } catch {
    return undefined;
  }
}

/**
 * `skilldeck run SKILL`: runs one skill to its end. Without `--events` the output tool prints the result
 * (insert_text → stdout, floating_card → a framed card); with `--events ndjson` stdout carries one JSON
 * event per line and the output tools print to stderr. Exit 0 succeeded, 1 failed, 130 cancelled (Ctrl-C).
 *
 * Agent runs ask on stderr before a tool call that needs permission (`--approve ask`) and read the answer
 * from stdin, or answer every prompt themselves (`always` / `never`, printing what they decided); AskUser
 * questions are asked the same way. The events (`permission_request`, `permission_decision`, `ask_user`)
 * are in the ndjson output like every other run event.
 */
export async function runCommand(options: RunOptions, io: Io): Promise<number> {
  const stdout: Writer = options.stdout ?? process.stdout;
  const output = createRunOutput({
    stdout,
    stderr: { write: (s) => io.err(s.replace(/\n$/, '')) },
    events: options.events,
  });
  const core = openCliCore(
    {
      ...options,
      watchSkills: false,
      // the skill run is read, not every skill in every folder
      skillsOnDemand: true,
      ports: createNodePorts({
        out: output.out,
        err: output.err,
        // xclip needs an X display; without one there is no clipboard to read or write
        clipboardCommand: process.env.DISPLAY ? undefined : null,
      }),
    },
    io,
  );
  if (!core) return 1;
  if (
    options.workdir !== undefined &&
    !fs.statSync(options.workdir, { throwIfNoEntry: false })?.isDirectory()
  ) {
    core.close();
    io.err(`skilldeck: --workdir ${options.workdir} is not a folder`);
    return 2;
  }
  try {
    const input = options.input === '-' ? await (options.stdin ?? readStdin)() : options.input;
    const terminal = options.terminal ?? {
      input: process.stdin,
      isTTY: process.stdin.isTTY === true,
    };
    const approve = options.approve ?? defaultApprove(terminal.isTTY);
    const stdinTaken = options.input === '-' && options.terminal === undefined;
    const prompter = createTerminalPrompter({
      approve,
      // stdin is read only when a prompt needs an answer: prompt and workflow runs never touch it
      lines: () => (stdinTaken ? openTty() : lineSource(terminal.input)),
      canAnswerQuestions: terminal.isTTY || options.approve === 'ask' || stdinTaken,
      write: (line) => io.err(line),
    });
    const progressTo = options.progress ?? { stream: process.stderr, isTTY: process.stderr.isTTY === true };
    const progress = await createStepProgress({
      ...progressTo,
      plain: !options.events,
      writeLine: (line) => io.err(line),
    });
    const heard = options.audio
      ? await transcribeWith(core, options.audio.file, options.audio.bytes, options.audio.flags, io)
      : undefined;
    if (heard === null) return 1;
    if (heard) io.err(`skilldeck: heard (${(heard.audioMs / 1000).toFixed(1)} s): ${oneLine(heard.text)}`);
    const following = options.continueRunId;
    let skillId = options.skillId;
    if (following !== undefined) {
      const run = await core.dispatch('runs:get', { runId: following });
      if (!run.ok) {
        io.err(`skilldeck: ${oneLine(run.error.message)}`);
        return run.error.code === 'NOT_FOUND' ? 2 : 1;
      }
      const ofSkill = (run.value as { skillId: string }).skillId;
      if (skillId !== '' && skillId !== ofSkill) {
        io.err(
          `skilldeck: run ${following} is a run of ${ofSkill}, not of ${skillId}: leave SKILL out or name ${ofSkill}`,
        );
        return 2;
      }
      skillId = ofSkill;
    } else {
      // a skill for models only is activated by agents, not run by a person
      const entry = await core.skills.require(skillId).catch(() => undefined);
      if (entry && !entry.userInvocable) {
        io.err(`skilldeck: ${modelOnlyRefusal(skillId, 'run').message}`);
        return 2;
      }
    }
    // a follow-up's events carry the run's id, known before it starts
    let runId = following ?? '';
    const early: { runId: string; event: RunEvent }[] = [];
    let resolveEnd: (end: RunEnd) => void = () => undefined;
    const ended = new Promise<RunEnd>((resolve) => (resolveEnd = resolve));
    const onEvent = ({ runId: id, event }: { runId: string; event: RunEvent }) => {
      if (id !== runId) return;
      if (options.events) stdout.write(JSON.stringify(event) + '\n');
      progress.onEvent(event);
      switch (event.type) {
        case 'permission_request':
          progress.hold();
          void prompter.permission(event).then(async (answer) => {
            if (!answer) return;
            const sent = await core.dispatch('permissions:respond', {
              runId: id,
              requestId: event.requestId,
              ...answer,
            });
            if (!sent.ok) io.err(`skilldeck: could not answer the prompt: ${sent.error.message}`);
          });
          break;
        case 'permission_decision':
          if (event.source === 'timeout' && event.requestId !== null) {
            prompter.drop(event.requestId);
            io.err(`skilldeck: ${event.tool} denied: ${event.reason}`);
          }
          break;
        case 'ask_user':
          progress.hold();
          void prompter.question(event).then(async (answer) => {
            if (answer === undefined) return;
            const sent = await core.dispatch('runs:answer', {
              runId: id,
              requestId: event.requestId,
              answer,
            });
            if (!sent.ok) io.err(`skilldeck: could not answer the question: ${sent.error.message}`);
          });
          break;
        case 'complete':
          if (following !== undefined) break;
          prompter.close();
          resolveEnd(event);
          break;
        case 'turn_complete':
          if (following === undefined) break;
          // the answer is printed like a run's result: once it succeeded, never a part of it
          if (event.output !== null)
            output.out.write(event.output.endsWith('\n') ? event.output : `${event.output}\n`);
          prompter.close();
          resolveEnd(event);
          break;
      }
    };
    const unsubscribe = core.events.subscribe((name, payload) => {
      if (name !== 'runs:event') return;
      const message = payload as { runId: string; event: RunEvent };
      if (runId === '') early.push(message);
      else onEvent(message);
    });
    const started =
      following !== undefined
        ? await core.dispatch('runs:continue', { runId: following, message: input ?? '' })
        : await core.dispatch('runs:start', {
            skillId,
            instruction: input,
            selection: options.selection,
            arguments: options.arguments,
            config: Object.keys(options.config).length > 0 ? options.config : undefined,
            context: options.context && Object.keys(options.context).length > 0 ? options.context : undefined,
            workdir: options.workdir !== undefined ? path.resolve(options.workdir) : undefined,
            permissionMode: options.permissionMode,
            ...(options.agent ? { agent: true } : {}),
            ...(heard ? { speech: { recordingId: heard.recordingId } } : {}),
          });
    if (!started.ok) {
      progress.stop();
      unsubscribe();
      prompter.close();
      io.err(`skilldeck: ${oneLine(started.error.message)}`);
      return started.error.code === 'NOT_FOUND' || started.error.code === 'INVALID_INPUT' ? 2 : 1;
    }
    runId = (started.value as { runId: string }).runId;
    const subject = following !== undefined ? `the follow-up of run ${runId}` : skillId;
    for (const m of early.splice(0)) onEvent(m);
    const cancel = () => core.executor.cancel(runId);
    options.interrupt?.addEventListener('abort', cancel, { once: true });
    const end = await ended;
    progress.stop();
    await core.executor.settled(runId);
    unsubscribe();
    prompter.close();
    const original = options.fallbackOriginal ? (options.selection ?? input ?? '') : undefined;
    output.finish(end.status, heard ? heard.text : original);
    if (end.status === 'failed') {
      const said = terminalError(end.error ?? 'unknown error', end.words, {
        adhoc: options.provider !== undefined,
        apiKeyEnv: options.apiKeyEnv,
      });
      io.err(`skilldeck: ${subject} failed: ${oneLine(said)}`);
    }
    if (end.status === 'cancelled') {
      io.err('skilldeck: cancelled');
      return EXIT_CANCELLED;
    }
    if (end.status === 'succeeded' && progressTo.isTTY && !options.events) {
      // where a person reads it: how to go on (scripts get the id from run_start in --events ndjson)
      io.err(`skilldeck: run ${runId} — follow up with: skilldeck run --continue ${runId} --input "…"`);
    }
    return end.status === 'succeeded' ? 0 : 1;
  } finally {
    core.close();
  }
}
