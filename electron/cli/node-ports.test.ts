import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodePorts, displayWidth, renderCard, wrapLine, type NodePortsOptions } from './node-ports';

function capture(options: NodePortsOptions = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const ports = createNodePorts({
    out: { write: (s: string) => out.push(s) },
    err: { write: (s: string) => err.push(s) },
    width: 30,
    ...options,
  });
  return { ports, out, err };
}

describe('CLI ports', () => {
  it('insert_text writes the text to stdout (one trailing newline)', async () => {
    const { ports, out } = capture();
    await expect(ports.inserter.insert('Bonjour')).resolves.toEqual({ inserted: true });
    await ports.inserter.insert('two\n');
    expect(out.join('')).toBe('Bonjour\ntwo\n');
  });

  it('the card prints once finished, framed, titled with the skill', async () => {
    const { ports, out } = capture();
    await ports.card.show({ runId: 'r', title: 'explain', text: 'partial', pending: true });
    expect(out).toEqual([]);
    await ports.card.show({ runId: 'r', title: 'explain', text: 'A short answer.', pending: false });
    expect(out.join('')).toBe(
      [
        '┌─ explain ──────────────────┐',
        '│ A short answer.            │',
        '└────────────────────────────┘',
        '',
      ].join('\n'),
    );
  });

  it('notices go to stderr', async () => {
    const { ports, out, err } = capture();
    await ports.notifier.notify('Memo saved', 'Tea');
    expect(err).toEqual(['Memo saved: Tea\n']);
    expect(out).toEqual([]);
  });

  describe('clipboard', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-clip-'));
    const file = path.join(dir, 'clip.txt');

    it('writes through the clipboard command (text on stdin) and reads through it', async () => {
      const { ports } = capture({ clipboardCommand: ['sh', '-c', `cat > '${file}'`, 'sh'] });
      await ports.clipboard.writeText('héllo 中文\n');
      expect(fs.readFileSync(file, 'utf8')).toBe('héllo 中文\n');
      const reader = capture({ clipboardCommand: ['sh', '-c', 'printf "%s" "$0"', 'read-back'] });
      await expect(reader.ports.clipboard.readText()).resolves.toBe('read-back');
    });

    it('does not wait for a forked child that keeps running', async () => {
      const { ports } = capture({ clipboardCommand: ['sh', '-c', `cat > '${file}'; sleep 5 &`, 'sh'] });
      const started = Date.now();
      await ports.clipboard.writeText('x');
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('reports when it could not: missing command, failing command, timeout', async () => {
      const missing = capture({ clipboardCommand: ['skilldeck-no-such-xclip'] });
      await expect(missing.ports.clipboard.writeText('x')).rejects.toThrow(
        'could not copy to the clipboard: skilldeck-no-such-xclip is not installed',
      );
      await expect(missing.ports.clipboard.readText()).resolves.toBe('');
      const failing = capture({ clipboardCommand: ['sh', '-c', 'exit 1', 'sh'] });
      await expect(failing.ports.clipboard.writeText('x')).rejects.toThrow(/sh exited with code 1/);
      const slow = capture({ clipboardCommand: ['sh', '-c', 'sleep 5', 'sh'], clipboardTimeoutMs: 50 });
      await expect(slow.ports.clipboard.writeText('x')).rejects.toThrow(/did not answer within 50 ms/);
      const none = capture({ clipboardCommand: null });
      await expect(none.ports.clipboard.writeText('x')).rejects.toThrow(/no clipboard/);
    });

    const xclipUsable =
      !!process.env.DISPLAY && spawnSync('xclip', ['-version'], { stdio: 'ignore' }).status === 0;
    it.skipIf(!xclipUsable)('round-trips through the real xclip (under Xvfb)', async () => {
      const { ports } = createNodePortsForReal();
      await ports.clipboard.writeText('Skilldeck ✓ 中文');
      await expect(ports.clipboard.readText()).resolves.toBe('Skilldeck ✓ 中文');
    });
  });
});

function createNodePortsForReal() {
  return { ports: createNodePorts({ out: { write: () => true }, err: { write: () => true } }) };
}

describe('renderCard', () => {
  it('wraps long lines and keeps the frame aligned with CJK (double-width) text', () => {
    const card = renderCard(
      {
        title: 'translate',
        text: 'The quick brown fox jumps over the lazy dog.\n\n我喜欢学习中文和全文搜索的用法',
      },
      24,
    );
    const lines = card.trimEnd().split('\n');
    for (const line of lines) expect(displayWidth(line)).toBe(24);
    expect(lines).toEqual([
      '┌─ translate ──────────┐',
      '│ The quick brown fox  │',
      '│ jumps over the lazy  │',
      '│ dog.                 │',
      '│                      │',
      '│ 我喜欢学习中文和全文 │',
      '│ 搜索的用法           │',
      '└──────────────────────┘',
    ]);
  });

  it('shows the error, and truncates a long title', () => {
    const card = renderCard({ title: 'a-very-long-skill-name-indeed', text: '', error: 'HTTP 500' }, 20);
    const lines = card.trimEnd().split('\n');
    expect(lines[0]).toBe('┌─ a-very-long-s… ─┐');
    expect(lines[1]).toBe('│ Error: HTTP 500  │');
    for (const line of lines) expect(displayWidth(line)).toBe(20);
  });
});

describe('wrapLine', () => {
  it('breaks a word wider than the line', () => {
    expect(wrapLine('abcdefghij xy', 4)).toEqual(['abcd', 'efgh', 'ij', 'xy']);
    expect(wrapLine('', 4)).toEqual(['']);
  });
});
