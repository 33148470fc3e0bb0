// The selection toolbar's state: what the OS reports (selections, clicks, keys, the wheel, the launcher's
// key) in, show / hide out. Plain logic over injected callbacks: the desktop app feeds it selection-hook's
// events and gives it a window; the tests feed it the Node build of selection-hook under Xvfb, or events.
import type { ToolbarMode, ToolbarModifier } from '../../../shared/types/toolbar';
import {
  contains,
  decideOnSelection,
  isKeyOf,
  isModifierKey,
  placeToolbar,
  type Point,
  type Rect,
  type SelectionSeen,
} from './toolbar-rules';

export interface ToolbarState {
  mode: ToolbarMode;
  modifier: ToolbarModifier;
}

/** What is shown: the selection it acts on and where. */
export interface ToolbarShown {
  selection: SelectionSeen;
  bounds: Rect;
}

export interface ToolbarControllerDeps {
  /** The mode and modifier now (read on each selection: a change in Settings applies at once). */
  state: () => ToolbarState;
  excluded: (app: string) => boolean;
  /** The toolbar's size for this selection (it depends on how many skills are pinned). */
  size: () => { width: number; height: number };
  /** The work area of the display holding `point`. */
  workAreaAt: (point: Point) => Rect;
  /** Where the pointer is: the anchor when the OS gives no position. */
  cursor: () => Point;
  show: (shown: ToolbarShown) => void;
  hide: () => void;
}

export interface ToolbarController {
  selection(seen: SelectionSeen): void;
  mouseDown(point: Point | null): void;
  mouseUp(): void;
  wheel(): void;
  keyDown(key: string): void;
  keyUp(key: string): void;
  /**
   * The launcher's key was pressed with `seen` selected (null: nothing). In the `hotkey` mode the toolbar
   * shows at the pointer and this answers true; otherwise false: open the launcher.
   */
  launcherKey(seen: SelectionSeen | null): boolean;
  /** The window moved or changed size (fitted to its buttons): clicks inside it are its own. */
  resized(bounds: Rect): void;
  /** Hides it (a button was used, the app is quitting). */
  dismiss(): void;
  shown(): ToolbarShown | null;
}

export function createToolbarController(deps: ToolbarControllerDeps): ToolbarController {
  let shown: ToolbarShown | null = null;
  const held = new Set<string>();
  /** The modifier was down when the last mouse button went down or up (a selection's gesture). */
  let heldInGesture = false;

  const modifierHeld = (modifier: ToolbarModifier) => [...held].some((key) => isKeyOf(modifier, key));

  function showAt(selection: SelectionSeen): void {
    const anchor = selection.anchor ?? deps.cursor();
    const bounds = placeToolbar(anchor, deps.size(), deps.workAreaAt(anchor));
    shown = { selection, bounds };
    deps.show(shown);
  }

  function hide(): void {
    if (!shown) return;
    shown = null;
    deps.hide();
  }

  return {
    selection(seen) {
      const { mode, modifier } = deps.state();
      const decision = decideOnSelection(seen, {
        mode,
        modifierHeld: heldInGesture || modifierHeld(modifier),
        excluded: deps.excluded,
      });
      heldInGesture = false;
      if (decision.show) showAt(seen);
      else hide();
    },
    mouseDown(point) {
      heldInGesture = modifierHeld(deps.state().modifier);
      // a click on the toolbar itself is its button's, anything else dismisses it
      if (shown && point && contains(shown.bounds, point)) return;
      hide();
    },
    mouseUp() {
      heldInGesture ||= modifierHeld(deps.state().modifier);
    },
    wheel: hide,
    keyDown(key) {
      if (isModifierKey(key)) {
        held.add(key);
        return;
      }
      hide();
    },
    keyUp(key) {
      held.delete(key);
    },
    launcherKey(seen) {
      if (deps.state().mode !== 'hotkey' || !seen || seen.text.trim() === '') return false;
      if (seen.app !== '' && deps.excluded(seen.app)) return false;
      showAt({ ...seen, anchor: deps.cursor() });
      return true;
    },
    resized(bounds) {
      if (shown) shown = { ...shown, bounds };
    },
    dismiss: hide,
    shown: () => shown,
  };
}
