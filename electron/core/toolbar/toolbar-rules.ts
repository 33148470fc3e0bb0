// The selection toolbar's decisions, pure: whether a selection shows it (mode, modifier, excluded app,
// empty text), where it goes (beside the selection's end, inside the work area) and what dismisses it.
import type { ToolbarMode, ToolbarModifier } from '../../../shared/types/toolbar';
import type { CapturedSelection } from '../platform';

export interface Point {
  x: number;
  y: number;
}
export interface Rect extends Point {
  width: number;
  height: number;
}

/** A text selection as the toolbar sees it (coordinates in the screen's logical pixels). */
export interface SelectionSeen {
  text: string;
  /** The application it was made in (WM_CLASS, bundle id, exe name); '' when the OS does not say. */
  app: string;
  method: CapturedSelection['method'];
  /** Where the selection ends (the pointer on release, else the selection's last line); null: unknown. */
  anchor: Point | null;
}

export interface ShowContext {
  mode: ToolbarMode;
  /** The mode's modifier was held while the selection was made. */
  modifierHeld: boolean;
  excluded: (app: string) => boolean;
}

export type Decision = { show: true } | { show: false; why: 'mode' | 'empty' | 'no-modifier' | 'excluded' };

/** Whether a mouse selection shows the toolbar. */
export function decideOnSelection(seen: SelectionSeen, context: ShowContext): Decision {
  if (context.mode === 'off' || context.mode === 'hotkey') return { show: false, why: 'mode' };
  if (seen.text.trim() === '') return { show: false, why: 'empty' };
  if (context.mode === 'modifier' && !context.modifierHeld) return { show: false, why: 'no-modifier' };
  if (seen.app !== '' && context.excluded(seen.app)) return { show: false, why: 'excluded' };
  return { show: true };
}

/** How far from the selection's end the toolbar sits (below the pointer, a little to its left). */
const GAP = { below: 14, left: 12 } as const;

/**
 * Just below the selection's end, moved above it when there is no room below, and kept whole inside the
 * work area of the display it is on.
 */
export function placeToolbar(anchor: Point, size: { width: number; height: number }, workArea: Rect): Rect {
  const width = Math.min(size.width, workArea.width);
  const height = Math.min(size.height, workArea.height);
  const right = workArea.x + workArea.width - width;
  const x = Math.round(Math.max(workArea.x, Math.min(anchor.x - GAP.left, right)));
  const below = anchor.y + GAP.below;
  const fitsBelow = below + height <= workArea.y + workArea.height;
  const y = fitsBelow ? below : Math.max(workArea.y, anchor.y - GAP.below - height);
  return { x, y: Math.round(y), width, height };
}

export function contains(rect: Rect, point: Point): boolean {
  return (
    point.x >= rect.x && point.x < rect.x + rect.width && point.y >= rect.y && point.y < rect.y + rect.height
  );
}

/** The key names (KeyboardEvent.key, as selection-hook reports them) of each modifier. */
const MODIFIER_KEYS: Record<ToolbarModifier, readonly string[]> = {
  ctrl: ['Control'],
  alt: ['Alt', 'AltGraph'],
  shift: ['Shift'],
  meta: ['Meta', 'OS', 'Super', 'Command'],
};
const ALL_MODIFIERS = new Set(Object.values(MODIFIER_KEYS).flat());

export function isModifierKey(key: string): boolean {
  return ALL_MODIFIERS.has(key);
}

export function isKeyOf(modifier: ToolbarModifier, key: string): boolean {
  return MODIFIER_KEYS[modifier].includes(key);
}

/**
 * Application names compared as people type them: case aside, and a Windows exe's `.exe` aside
 * (`Code.exe` = `code`).
 */
export function sameApp(a: string, b: string): boolean {
  const norm = (name: string) =>
    name
      .trim()
      .toLowerCase()
      .replace(/\.exe$/, '');
  return norm(a) !== '' && norm(a) === norm(b);
}
