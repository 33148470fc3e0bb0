// selection-hook's events (text-selection, mouse-down/up, mouse-wheel, key-down/up) into the toolbar's
// controller. Plain Node: the hook instance is passed in, so the same code runs in the desktop app and
// under Xvfb with the Node build of selection-hook.
import type { CapturedSelection } from '../platform';
import type { ToolbarController } from './toolbar-controller';
import type { Point, SelectionSeen } from './toolbar-rules';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- EventEmitter's own listener type
type Listener = (...args: any[]) => void;

/** The part of a selection-hook instance this uses. */
export interface SelectionEventSource {
  on(event: string, listener: Listener): unknown;
  removeListener(event: string, listener: Listener): unknown;
  setSelectionPassiveMode(passive: boolean): boolean;
}

interface RawPoint {
  x: number;
  y: number;
}
/** selection-hook's TextSelectionData (index.d.ts), the fields read here. */
export interface RawSelection {
  text: string;
  programName: string;
  method: number;
  posLevel: number;
  mousePosEnd?: RawPoint;
  endBottom?: RawPoint;
}

/** selection-hook's "no coordinate" value. */
const INVALID = -99999;
const POS_LEVEL = { SEL_FULL: 3 } as const;
const HOOK_METHOD = { PRIMARY: 22, CLIPBOARD: 99 } as const;

const valid = (point: RawPoint | undefined): point is RawPoint =>
  point !== undefined &&
  Number.isFinite(point.x) &&
  Number.isFinite(point.y) &&
  point.x !== INVALID &&
  point.y !== INVALID;

export function methodOf(hookMethod: number): CapturedSelection['method'] {
  if (hookMethod === HOOK_METHOD.PRIMARY) return 'primary';
  if (hookMethod === HOOK_METHOD.CLIPBOARD) return 'copy';
  return 'accessibility';
}

/** The selection as the toolbar sees it; `toLogical` turns the OS's screen pixels into logical ones. */
export function readSelection(raw: RawSelection, toLogical: (p: Point) => Point = (p) => p): SelectionSeen {
  // the selection's own last line when the OS gives it (Windows, macOS), else where the pointer let go
  const end = raw.posLevel >= POS_LEVEL.SEL_FULL && valid(raw.endBottom) ? raw.endBottom : raw.mousePosEnd;
  return {
    text: raw.text,
    app: raw.programName,
    method: methodOf(raw.method),
    anchor: valid(end) ? toLogical({ x: end.x, y: end.y }) : null,
  };
}

/**
 * Feeds the controller the hook's clicks and keys, and its selections when `selections` (passive mode
 * off; the launcher-key mode needs only the clicks and keys that dismiss the toolbar). The undo stops
 * listening and puts the hook back in passive mode.
 */
export function followSelectionEvents(
  hook: SelectionEventSource,
  controller: ToolbarController,
  options: { selections: boolean; toLogical?: (p: Point) => Point },
): () => void {
  const toLogical = options.toLogical ?? ((p: Point) => p);
  const listeners: Record<string, Listener> = {
    'text-selection': (raw: RawSelection) => controller.selection(readSelection(raw, toLogical)),
    'mouse-down': (raw: RawPoint) => controller.mouseDown(valid(raw) ? toLogical(raw) : null),
    'mouse-up': () => controller.mouseUp(),
    'mouse-wheel': () => controller.wheel(),
    'key-down': (raw: { uniKey: string }) => controller.keyDown(raw.uniKey),
    'key-up': (raw: { uniKey: string }) => controller.keyUp(raw.uniKey),
  };
  for (const [event, listener] of Object.entries(listeners)) hook.on(event, listener);
  hook.setSelectionPassiveMode(!options.selections);
  return () => {
    hook.setSelectionPassiveMode(true);
    for (const [event, listener] of Object.entries(listeners)) hook.removeListener(event, listener);
    controller.dismiss();
  };
}
