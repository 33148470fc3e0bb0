// Test support: Electron's clipboard over a plain board (one item, MIME type → text), for the vi.mock of
// 'electron' in the port tests. The board is the test's own (vi.hoisted), so a test can read and set it.

export function fakeElectronClipboard(fake: { board: Record<string, string> }) {
  class ClipboardItem {
    constructor(readonly formats: Record<string, Blob | string>) {}
    get types() {
      return Object.keys(this.formats);
    }
    getType(type: string) {
      return Promise.resolve(this.formats[type]);
    }
  }
  const clipboard = {
    readText: () => Promise.resolve(fake.board['text/plain'] ?? ''),
    writeText: (text: string) => {
      fake.board = { 'text/plain': text };
      return Promise.resolve();
    },
    clear: () => {
      fake.board = {};
    },
    read: () =>
      Promise.resolve(
        Object.keys(fake.board).length
          ? [
              new ClipboardItem(
                Object.fromEntries(Object.entries(fake.board).map(([t, v]) => [t, new Blob([v])])),
              ),
            ]
          : [],
      ),
    write: async (items: ClipboardItem[]) => {
      fake.board = {};
      for (const item of items)
        for (const type of item.types) {
          const value = (await item.getType(type))!;
          fake.board[type] = typeof value === 'string' ? value : await value.text();
        }
    },
  };
  return { ClipboardItem, clipboard };
}
