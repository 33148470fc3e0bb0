// What one request costs on each transport: the in-memory pair (tests), the WebSocket of the headless
// host (browser dashboard), and a SQLite write through the whole stack.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createClient, type Transport } from '../shared/ipc/client';
import type { Result } from '../shared/ipc/result';
import { startHost } from '../electron/cli/host';
import { createTestCore, skillText } from '../electron/core/test-support';
import { suite } from './harness';

function wsTransport(url: string): Promise<Transport & { close(): void }> {
  const ws = new WebSocket(url);
  let nextId = 1;
  const pending = new Map<number, (r: Result<unknown>) => void>();
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as { id?: number; result?: Result<unknown> };
    if (typeof msg.id === 'number' && msg.result) pending.get(msg.id)?.(msg.result);
    pending.delete(msg.id as number);
  });
  return new Promise((resolve) =>
    ws.once('open', () =>
      resolve({
        invoke: (channel, input) =>
          new Promise((done) => {
            const id = nextId++;
            pending.set(id, done);
            ws.send(JSON.stringify({ id, channel, input }));
          }),
        on: () => () => undefined,
        close: () => ws.close(),
      }),
    ),
  );
}

export default async function run() {
  const t = createTestCore();
  for (const id of ['translate', 'polish', 'explain', 'summarize', 'memo']) t.writeSkill(id, skillText(id));
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-bench-'));
  const host = await startHost({ core: t.core, staticDir });
  const ws = await wsTransport(`ws://127.0.0.1:${host.port}/ws?token=${host.token}`);
  const overWs = createClient(ws);
  let n = 0;
  try {
    await suite(
      'IPC round-trip per transport (meta:get on a 5-skill folder)',
      [
        { name: 'in-memory meta:get', run: () => t.client.invoke('meta:get', { skillId: 'translate' }) },
        { name: 'WebSocket meta:get', run: () => overWs.invoke('meta:get', { skillId: 'translate' }) },
        { name: 'in-memory app:info', run: () => t.client.invoke('app:info', undefined) },
        { name: 'WebSocket app:info', run: () => overWs.invoke('app:info', undefined) },
      ],
      { baseline: 'in-memory meta:get' },
    );
    await suite('meta:update (SQLite write, WAL) per transport', [
      {
        name: 'in-memory',
        run: () => t.client.invoke('meta:update', { skillId: 'polish', patch: { sortOrder: n++ } }),
      },
      {
        name: 'WebSocket',
        run: () => overWs.invoke('meta:update', { skillId: 'polish', patch: { sortOrder: n++ } }),
      },
    ]);
  } finally {
    ws.close();
    await host.close();
    t.dispose();
    fs.rmSync(staticDir, { recursive: true, force: true });
  }
}
