// `runs:deliver`: a finished run's result (or a follow-up's answer) delivered again, as the user asks from
// the run panel or the floating card — copied through the clipboard port, saved through the memo output
// tool, or inserted through the insertion transaction (TextInserterPort, with its focus check) into the
// window the run was triggered from. A run started elsewhere has no such window: it says so.
import { AppError } from '../../../shared/ipc/result';
import type { RunDeliver, RunDelivered } from '../../../shared/types/run';
import type { FocusedWindow, InsertResult, PlatformPorts } from '../platform';
import type { ToolRegistry } from '../tools/registry';
import type { OutputDelivery } from '../tools/output';
import type { RunRepo } from './run-repo';

export interface DeliverAgainDeps {
  repo: Pick<RunRepo, 'get'>;
  ports: Pick<PlatformPorts, 'clipboard' | 'inserter' | 'focus'>;
  tools: Pick<ToolRegistry, 'execute'>;
  /** The window a triggered run was started from (trigger-session.ts). */
  targetOf: (runId: string) => FocusedWindow | null | undefined;
}

/** The text a failed run's `output` event handed to the card (the user's original), if any. */
function keptOriginal(events: readonly { type: string }[]): string | null {
  const output = events.findLast((e) => e.type === 'output') as { text?: string } | undefined;
  return output?.text ? output.text : null;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createDeliverAgain(deps: DeliverAgainDeps) {
  function textOf({ runId, turn = 0, action }: RunDeliver): { text: string; skillId: string } {
    const run = deps.repo.get(runId);
    if (!run) throw new AppError('NOT_FOUND', `no run ${runId} in the history`);
    let text = run.output;
    // a failed rewrite whose original text was not pasted back keeps it in the card: its Insert / Copy
    if (!text && run.status === 'failed') text = keptOriginal(run.events);
    if (turn > 0) {
      const found = run.turns.find((t) => t.turn === turn);
      if (!found) throw new AppError('NOT_FOUND', `run ${runId} has no follow-up ${turn}`);
      text = found.output;
    }
    if (!text) {
      throw new AppError('CONFLICT', `there is no answer to ${VERB[action]} yet`, {
        words: { key: `runs.deliver.noText.${action}` },
      });
    }
    return { text, skillId: run.skillId };
  }

  async function insert(runId: string, text: string): Promise<RunDelivered> {
    const target = deps.targetOf(runId);
    if (!target) {
      throw target === null
        ? new AppError(
            'BAD_REQUEST',
            'no window had the keyboard focus when this run started: there is nowhere to insert its answer — copy it instead',
            {
              words: { key: 'runs.deliver.noFocus' },
            },
          )
        : new AppError(
            'BAD_REQUEST',
            'this run was not started from another app (a hotkey or the launcher): there is nowhere to insert its answer — copy it instead',
            {
              words: { key: 'runs.deliver.noWindow' },
            },
          );
    }
    const name = target.title || target.app;
    const now = await deps.ports.focus.current().catch(() => null);
    if (now?.id !== target.id) {
      throw new AppError(
        'CONFLICT',
        `"${name}" no longer has the keyboard focus: go back to it and insert again, or copy the answer`,
        {
          words: { key: 'runs.deliver.focusMoved', values: { app: name } },
        },
      );
    }
    const result: InsertResult = await deps.ports.inserter
      .insert(text, { target })
      .catch((error: unknown) => ({ inserted: false, reason: reasonOf(error) }));
    if (!result.inserted) {
      const reason = (result.reason ?? 'the app did not take the text').replace(/ — kept in the card$/, '');
      // a paste the app never took also names the app and the key, for "use another paste key"
      const notTaken: Record<string, string> = result.notTaken ? { ...result.notTaken } : {};
      throw new AppError('CONFLICT', `not inserted: ${reason}`, {
        words: { key: 'runs.deliver.notInserted', values: { reason, ...notTaken } },
      });
    }
    return { action: 'insert', message: `Inserted into "${name}"` };
  }

  return async function deliverAgain(input: RunDeliver): Promise<RunDelivered> {
    const { text, skillId } = textOf(input);
    switch (input.action) {
      case 'insert':
        return insert(input.runId, text);
      case 'copy':
        try {
          await deps.ports.clipboard.writeText(text);
        } catch (error) {
          throw new AppError('CONFLICT', `could not copy: ${reasonOf(error)}`, {
            words: { key: 'runs.deliver.copyFailed', values: { reason: reasonOf(error) } },
          });
        }
        return { action: 'copy', message: 'Copied to the clipboard' };
      case 'memo': {
        const saved = (await deps.tools.execute(
          'save_memo',
          { text },
          {
            runId: input.runId,
            skillId,
            signal: new AbortController().signal,
          },
        )) as OutputDelivery;
        return {
          action: 'memo',
          message: 'Saved as a memo',
          ...(saved.memoId !== undefined ? { memoId: saved.memoId } : {}),
        };
      }
    }
  };
}

const VERB = { insert: 'insert', copy: 'copy', memo: 'save as a memo' } as const;
