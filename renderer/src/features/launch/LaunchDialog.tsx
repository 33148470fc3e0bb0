import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab inside `container`: from the last control to the first and back. True when it moved focus. */
export function trapTab(event: KeyboardEvent, container: HTMLElement): boolean {
  if (event.key !== 'Tab') return false;
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
  if (items.length === 0) return false;
  const first = items[0]!;
  const last = items.at(-1)!;
  const outside = !container.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || outside)) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && (document.activeElement === last || outside)) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}

/**
 * A modal <dialog> for the palette and the run sheet: the page behind is inert, Tab stays inside, Esc
 * and a click on the backdrop call `onEscape` (the owner decides: close, or a step back). The store puts
 * focus back where it was when the last of them closes. `onClosed` must be safe to call twice.
 */
export function LaunchDialog({
  className,
  labelledBy,
  onEscape,
  onClosed,
  onKeyDown,
  testId,
  children,
}: {
  className: string;
  labelledBy: string;
  onEscape: () => void;
  /** The dialog closed (normally by unmounting; also if the browser closed it): the owner closes too. */
  onClosed: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  testId: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    // No cleanup: a removed <dialog> leaves the top layer by itself (closing it would fire `close`).
  }, []);

  return (
    <dialog
      ref={dialog}
      className={`dialog ${className}`}
      aria-labelledby={labelledBy}
      data-testid={testId}
      data-launch=""
      onCancel={(event) => {
        event.preventDefault();
        onEscape();
      }}
      // closed by the browser all the same (a close request it does not let the page refuse): follow it
      onClose={onClosed}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented) return;
        // Esc handled here, not left to the browser, which may close without asking after a first refusal
        if (event.key === 'Escape' && !event.nativeEvent.isComposing) {
          event.preventDefault();
          onEscape();
          return;
        }
        trapTab(event, dialog.current!);
      }}
      onMouseDown={(event) => {
        if (event.target === dialog.current) onEscape(); // the backdrop, outside the panel
      }}
    >
      {children}
    </dialog>
  );
}
