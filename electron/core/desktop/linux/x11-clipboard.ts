import type { ClipboardPort } from '../../platform';
import type { Selections } from './x11-selections';

/** ClipboardPort on X11: readText/writeText of CLIPBOARD as UTF-8 (UTF8_STRING). */
export function createX11Clipboard(sel: Selections, options: { hasDisplay: boolean }): ClipboardPort {
  return {
    async readText() {
      if (!options.hasDisplay) return '';
      return (await sel.read('clipboard'))?.toString('utf8') ?? '';
    },
    async writeText(text) {
      await sel.write('clipboard', Buffer.from(text, 'utf8'));
    },
  };
}
