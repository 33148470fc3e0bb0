// {{app}} and {{window_title}} of a triggered run, filled from the window focused on a real X server
// (Xvfb) through the real X11 focus and capture ports, and sent to the local wire-format model server.
import { execFileSync, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryPorts } from '../../memory-ports';
import { startLlmServer, type LlmServer } from '../../testing/llm-server';
import { createServerTestCore } from '../../test-support';
import { missingCommands, startXvfb, type Xvfb } from './test-support';
import { createX11Ports } from './x11';

const missing = missingCommands(['Xvfb', 'xdotool', 'xclip', 'xsel', 'xprop', 'xterm']);
const skipReason = missing.length
  ? ` — SKIPPED: ${missing.join(', ')} not installed (apt-get install -y xvfb xdotool xclip xsel x11-utils xterm)`
  : '';
const TITLE = 'Skilldeck context — notes ü';

describe.skipIf(missing.length > 0)(`context placeholders on a real X server${skipReason}`, () => {
  let xvfb: Xvfb;
  let server: LlmServer;

  beforeAll(async () => {
    xvfb = await startXvfb();
    server = await startLlmServer();
  }, 30_000);

  afterAll(async () => {
    await server?.close();
    await xvfb?.stop();
  });

  it('fills {{app}} and {{window_title}} from the focused xterm', async () => {
    const env = { ...process.env, DISPLAY: xvfb.display };
    const x = (args: string[]) => execFileSync('xdotool', args, { env, stdio: ['ignore', 'pipe', 'ignore'] });
    const xterm = spawn('xterm', ['-T', TITLE, '-e', 'sh', '-c', 'sleep 60'], { env, stdio: 'ignore' });
    const tc = createServerTestCore(server.url, {
      ...createMemoryPorts(),
      ...createX11Ports({ display: xvfb.display }),
    });
    try {
      const id = x(['search', '--sync', '--class', 'xterm']).toString().trim().split('\n')[0]!;
      // a freshly started xterm may not be mapped yet: retry the focus a little
      for (let tries = 0; ; tries++) {
        try {
          x(['windowfocus', '--sync', id]);
          break;
        } catch (error) {
          if (tries >= 30) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      tc.writeSkill(
        'where',
        '---\nname: where\ndescription: Says where.\n---\napp={{app}}\ntitle={{window_title}}\nurl=[{{url}}]\n',
      );
      await tc.core.skills.ready();
      server.script({ text: 'In a terminal.' });
      const result = await tc.client.invoke('trigger:run', { skillId: 'where', instruction: 'where am I?' });
      expect(result).toMatchObject({ app: 'xterm', captured: { method: 'none' } });
      await tc.core.executor.settled(result.runId!);
      expect(tc.core.runs.get(result.runId!)!.status).toBe('succeeded');
      const body = server.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
      expect(body.messages[0]).toEqual({
        role: 'system',
        content: `app=xterm\ntitle=${TITLE}\nurl=[]\n`,
      });
    } finally {
      xterm.kill();
      await tc.dispose();
    }
  }, 30_000);
});
