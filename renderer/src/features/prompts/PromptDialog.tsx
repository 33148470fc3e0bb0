import { useEffect, useRef, type ReactNode, type KeyboardEvent as ReactKeyboardEvent } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal <dialog> that keeps Tab inside it, hands Esc to `onEscape` (instead of closing by itself),
 * and gives focus back to what had it when it goes away.
 */
export function PromptDialog({
  labelledBy,
  describedBy,
  onEscape,
  onKeyDown,
  initialFocus,
  children,
  testId,
}: {
  labelledBy: string;
  describedBy?: string;
  onEscape: () => void;
  onKeyDown?: (event: ReactKeyboardEvent<HTMLDialogElement>) => void;
  initialFocus?: React.RefObject<HTMLElement | null>;
  children: ReactNode;
  testId?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current!;
    const previous = document.activeElement as HTMLElement | null;
    if (!element.open) element.showModal();
    (initialFocus?.current ?? element.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => {
      if (element.open) element.close();
      if (previous?.isConnected) previous.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per prompt (the dialog is keyed by it)
  }, []);

  function keyDown(event: ReactKeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Tab') {
      const items = [...dialog.current!.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items.at(-1)!;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
      return;
    }
    onKeyDown?.(event);
  }

  return (
    <dialog
      ref={dialog}
      className="dialog prompt-dialog"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={(event) => {
        // Esc: the prompt decides what it means (deny), the dialog never just disappears
        event.preventDefault();
        onEscape();
      }}
      onKeyDown={keyDown}
    >
      {children}
    </dialog>
  );
}
