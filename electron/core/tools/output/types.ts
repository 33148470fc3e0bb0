import type { FocusedWindow, PlatformPorts } from '../../platform';
import type { MemoRepo } from '../../memos/memo-repo';
import type { DesktopText } from '../../i18n/desktop-text';

export const OUTPUT_TOOLS = ['insert_text', 'clipboard', 'save_memo', 'floating_card'] as const;
export type OutputToolName = (typeof OUTPUT_TOOLS)[number];

export function isOutputTool(name: string): name is OutputToolName {
  return (OUTPUT_TOOLS as readonly string[]).includes(name);
}

export type OutputPorts = Pick<PlatformPorts, 'clipboard' | 'inserter' | 'card' | 'notifier'>;

export interface OutputToolDeps {
  ports: OutputPorts;
  memos: MemoRepo;
  /** ms since epoch (tests inject one). */
  now?: () => number;
  /** The window a triggered run must insert into (captured at trigger time). */
  targetOf?: (runId: string) => FocusedWindow | null | undefined;
  /** The desktop app's words for notifications (default English). */
  text?: DesktopText;
}

/** What an output tool reports back (to the run's `output` event and, in agent mode, to the model). */
export interface OutputDelivery {
  tool: OutputToolName;
  delivered: boolean;
  /** The tool that actually took the text when the asked one could not (nothing is ever dropped). */
  via?: OutputToolName;
  memoId?: number;
  message?: string;
  /** Shown nowhere: its card was closed (the user was notified; run history keeps it). */
  nowhere?: boolean;
  /** A paste: seen read by the app (true), or sent with nothing to tell (false). */
  confirmed?: boolean;
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
