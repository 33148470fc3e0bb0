// Where a run's result goes: the skill's output tool (chosen from its definition and the context
// behaviour), and on failure the policy of `deliverFailure` (the original text back in place, or the
// error in the card). Remembers the tool that received the text, for the run's row.
import type { SkillDefinition } from '../skills/types';
import type { ExecutorDeps } from './executor-deps';
import type { RunEventLog } from './run-events';
import { chooseOutputTool, type ContextBehavior, type RunContext } from './skill-io';

export interface RunOutputTarget {
  runId: string;
  skillId: string;
  title: string;
  definition: SkillDefinition;
  ctx: RunContext;
  kind: ContextBehavior;
  /** A resumed run does not paste (see `chosen`). */
  resumed: boolean;
  /** Why a model call of the run stopped before its answer was done, if one did (replace_selection waits). */
  readonly cutShort?: string | undefined;
  /** Try it: the result stays in the run (no paste, copy, memo or card), success or failure. */
  isTry: boolean;
  log: RunEventLog;
  signal: AbortSignal;
}

export class RunOutput {
  /** The tool that received the run's text ('' while none did). */
  tool = '';

  constructor(
    private readonly deps: Pick<ExecutorDeps, 'deliver' | 'deliverFailure'>,
    private readonly run: RunOutputTarget,
  ) {}

  /**
   * The skill's output tool. A resumed run does not paste: the window that had the cursor when it
   * started is not known any more (it may be gone), so its result goes to the card.
   */
  private chosen(): string {
    const tool = chooseOutputTool(this.run.definition, this.run.kind);
    const pastes = tool === 'insert_text' || tool === 'replace_selection' || tool === 'insert_after';
    return this.run.resumed && pastes ? 'floating_card' : tool;
  }

  async deliver(text: string): Promise<void> {
    if (this.run.isTry) return;
    const { runId, skillId, title, ctx, cutShort } = this.run;
    const tool = this.chosen();
    this.tool = tool;
    this.run.log.emit({ type: 'output', tool, text });
    const record = await this.deps.deliver(tool, text, {
      runId,
      skillId,
      title,
      ...(ctx.selection !== undefined ? { selection: ctx.selection } : {}),
      ...(cutShort !== undefined ? { cutShort } : {}),
    });
    if (record) this.run.log.emit({ type: 'delivered', ...record });
  }

  /**
   * directOutput / rewrite: the original text goes back in place; otherwise the card shows the error. A
   * voice run's original is what was said: dictated words are never lost (after the selection, if any).
   */
  async deliverFailure(error: string): Promise<void> {
    const { runId, skillId, title, kind, ctx, log, signal } = this.run;
    if (signal.aborted || this.run.isTry) return;
    const spoken = ctx.transcript !== undefined && ctx.transcript.trim() !== '';
    const original = spoken ? ctx.transcript! : (ctx.selection ?? '');
    const after = spoken && (ctx.selection ?? '').trim() !== '';
    const tool = this.chosen();
    const delivered = await this.deps.deliverFailure({
      runId,
      skillId,
      title,
      behavior: kind,
      original,
      ...(after ? { after } : {}),
      ...(spoken ? { spoken } : {}),
      tool,
      error,
    });
    if (delivered) {
      this.tool = delivered.tool;
      log.emit({ type: 'output', tool: delivered.tool, text: original });
    }
  }
}
