// What the floating card's tests share: a real core as if the user had selected "teh cat" in gedit, with
// the `fixer` skill showing its answer in a card and each wire-format model server a provider; and the
// card windows' dependencies, with a fake clipboard and inserter that record their calls. No Electron here.
import path from 'node:path';
import { vi } from 'vitest';
import { createMemoryPorts, type MemoryPorts } from '../../core/memory-ports';
import { createModelTestCore, saveModelServer, type TestCore } from '../../core/test-support';
import type { LlmServer } from '../../core/testing/llm-server';
import type { FloatingCardsDeps } from './card-window';

/** The window the run was started from (and Insert pastes into). */
export const editor = { id: '0x100', app: 'gedit', title: 'notes.txt', isTerminal: false };

/** Each provider by its name, its model server and default model. */
export async function startCardCore(
  providers: { name: string; server: LlmServer; model: string }[],
): Promise<{ t: TestCore; ports: MemoryPorts }> {
  const ports = createMemoryPorts();
  ports.focused = editor;
  ports.selected = { text: 'teh cat', method: 'primary' };
  const t = createModelTestCore(ports);
  // a card, not an insert: the user acts on the result from the card
  t.writeSkill(
    'fixer',
    '---\nname: fixer\ndescription: Fixes text.\noutput: floating_card\n---\nFix this text.\n',
  );
  await t.core.skills.ready();
  for (const { name, server, model } of providers) await saveModelServer(t, name, server.url, model);
  return { t, ports };
}

/** FloatingCards' dependencies: the size file in `dir`, no waits, a fake clipboard and inserter. */
export function fakeCardDeps(dir: string) {
  return {
    preloadFile: '/out/preload/card.cjs',
    sizeFile: path.join(dir, 'card-window.json'),
    clipboard: { readText: vi.fn(async () => ''), writeText: vi.fn(async (_text: string) => undefined) },
    inserter: { insert: vi.fn(async (_text: string, _options?: unknown) => ({ inserted: true })) },
    focusDelayMs: 0,
    saveDelayMs: 0,
  } satisfies FloatingCardsDeps;
}
