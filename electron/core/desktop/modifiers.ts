// The copy-key fallback must not fire while the user still holds the hotkey's modifiers: ⌘C sent under a
// held ⇧ reaches the app as ⌘⇧C, Ctrl+C under a held Alt as Ctrl+Alt+C (another shortcut). X11's xdotool
// lifts them itself (--clearmodifiers); on macOS and Windows the capture first waits until they are
// released, up to a limit, and sends nothing when they are still down then. The waiting runs in one
// short-lived script per capture (one osascript / PowerShell start, not one per poll); what it reports
// is decided here.

export type Modifier = 'shift' | 'control' | 'alt' | 'command';

/** How long the capture waits for the modifiers to be released (ms). */
export const MODIFIER_WAIT_MS = 1000;

/** NSEvent.modifierFlags bits (NSEventModifierFlags). */
const MAC_FLAGS: readonly [Modifier, number][] = [
  ['shift', 1 << 17],
  ['control', 1 << 18],
  ['alt', 1 << 19],
  ['command', 1 << 20],
];
const MAC_MASK = MAC_FLAGS.reduce((mask, [, bit]) => mask | bit, 0);

/** The modifiers in NSEvent.modifierFlags (printed as a number). */
export function macModifiers(output: string): Modifier[] | null {
  const text = output.trim();
  const flags = Number(text);
  if (text === '' || !Number.isInteger(flags) || flags < 0) return null;
  return MAC_FLAGS.filter(([, bit]) => (flags & bit) !== 0).map(([name]) => name);
}

/** The modifiers in .NET's Control.ModifierKeys ("None", "Control, Alt", "Shift"). */
export function windowsModifiers(output: string): Modifier[] | null {
  const text = output.trim();
  if (text === '') return null;
  if (text === 'None') return [];
  const names: Record<string, Modifier> = { Shift: 'shift', Control: 'control', Alt: 'alt' };
  const held = text.split(',').map((part) => names[part.trim()]);
  return held.every((m): m is Modifier => m !== undefined) ? held : null;
}

/** The script that waits (polling every 15 ms, at most `timeoutMs`) and prints what is still held. */
export function modifierWaitCommand(
  platform: 'macos' | 'windows',
  timeoutMs = MODIFIER_WAIT_MS,
): { file: string; args: string[] } {
  if (platform === 'macos') {
    const script = [
      "ObjC.import('AppKit');",
      `var end = Date.now() + ${timeoutMs};`,
      `while (($.NSEvent.modifierFlags & ${MAC_MASK}) && Date.now() < end) delay(0.015);`,
      `String($.NSEvent.modifierFlags & ${MAC_MASK});`,
    ].join(' ');
    return { file: 'osascript', args: ['-l', 'JavaScript', '-e', script] };
  }
  const script = [
    'Add-Type -AssemblyName System.Windows.Forms;',
    `$end = (Get-Date).AddMilliseconds(${timeoutMs});`,
    "while ([System.Windows.Forms.Control]::ModifierKeys -ne 'None' -and (Get-Date) -lt $end) { Start-Sleep -Milliseconds 15 };",
    '[System.Windows.Forms.Control]::ModifierKeys.ToString()',
  ].join(' ');
  return { file: 'powershell.exe', args: ['-NoProfile', '-NonInteractive', '-Command', script] };
}

/**
 * Whether the copy key may be sent, from what the wait reported: yes when nothing is held; no when a
 * modifier is still down after the wait (the app would get another shortcut); yes when the state could
 * not be read (the script failed: as before this check existed).
 */
export function copyKeyAllowed(held: readonly Modifier[] | null): boolean {
  return held === null || held.length === 0;
}
