import { clipboard, ClipboardItem } from 'electron';
import type { ClipboardPort } from '../../core/platform';
import { transientMarkers } from './clipboard-markers';
import type { DesktopBackend } from './desktop-backend';

/** ClipboardPort: Electron's clipboard, plain text. */
export function createClipboardPort(): ClipboardPort {
  return {
    readText: () => clipboard.readText(),
    writeText: (text) => clipboard.writeText(text),
  };
}

/**
 * Everything on the clipboard, every format read out now (items from clipboard.read() may be read
 * lazily, and by then they would hold our text): a paste or copy transaction puts it back afterwards.
 */
export async function snapshotClipboard(): Promise<ClipboardItem[]> {
  const items = await clipboard.read();
  return Promise.all(
    items.map(async (item) => {
      const formats: Record<string, Blob> = {};
      for (const type of item.types) {
        try {
          const data = await item.getType(type);
          if (data instanceof Blob) formats[type] = data;
        } catch {
          // a format the owner announced but did not deliver: nothing to put back
        }
      }
      return new ClipboardItem(formats);
    }),
  );
}

/**
 * The text of a paste transaction, marked so clipboard managers and the OS's clipboard history skip it
 * (clipboard-markers.ts). The one writer of the Electron paste: a platform writer (wl-copy) plugs in here.
 */
export function writeTransientText(text: string, backend: DesktopBackend): Promise<void> {
  return clipboard.write([new ClipboardItem({ 'text/plain': text, ...transientMarkers(backend) })]);
}

export async function restoreClipboard(snapshot: ClipboardItem[]): Promise<void> {
  const kept = snapshot.filter((item) => item.types.length > 0);
  if (kept.length === 0) clipboard.clear();
  else await clipboard.write(kept);
}
