import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { onPath } from '../core/fs/on-path';
import { createTestCore } from '../core/test-support';
import { createCore } from '../core/core';
import { startLlmServer } from '../core/testing/llm-server';
import { main } from './cli';
import { keySecretName } from '../core/providers/key-sources';
import { createKeyringSecrets, probeKeyring } from './keyring-secrets';
import { captureStdout } from './test-support';

// The real thing: a private D-Bus session bus, a real GNOME Keyring on it (unlocked with a throwaway
// password, in a temp home), and libsecret's secret-tool. .ci/run installs dbus, gnome-keyring and
// libsecret-tools; elsewhere the suite skips, saying which is missing.

const needed = ['dbus-daemon', 'gnome-keyring-daemon', 'secret-tool'];
const missing = needed.filter((program) => !onPath(program));

interface Session {
  env: NodeJS.ProcessEnv;
  stop(): void;
}

function readLine(child: ChildProcess, timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no address within ${timeoutMs} ms: ${out}`)), timeoutMs);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.on('error', reject);
  });
}

async function startKeyringSession(): Promise<Session> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-keyring-'));
  const runtime = path.join(home, 'run');
  fs.mkdirSync(runtime, { mode: 0o700 });
  // A bus without service activation: only the keyring started below can answer (a session bus would
  // start a second gnome-keyring on the first lookup, racing this one, with the real home's keyrings).
  const config = path.join(home, 'bus.conf');
  fs.writeFileSync(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=${runtime}</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`,
  );
  const bus = spawn('dbus-daemon', [`--config-file=${config}`, '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const address = await readLine(bus);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_RUNTIME_DIR: runtime,
    DBUS_SESSION_BUS_ADDRESS: address,
  };
  const keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
    env,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  keyring.stdin!.on('error', () => undefined); // it may close stdin once it has read the password
  keyring.stdin!.end('throwaway-password');
  // ready once the Secret Service answers on the bus
  for (let i = 0; ; i++) {
    if ((await probeKeyring({ dataDir: home, env })).ok) break;
    if (i > 100) throw new Error('gnome-keyring did not come up on the private bus');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    env,
    stop() {
      keyring.kill('SIGKILL');
      bus.kill('SIGKILL');
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

describe.skipIf(missing.length > 0)(
  `the system keyring (Secret Service)${missing.length ? ` — skipped: ${missing.join(', ')} not installed` : ''}`,
  () => {
    let session: Session;
    beforeAll(async () => {
      session = await startKeyringSession();
    }, 30_000);
    afterAll(() => session?.stop());

    it('stores, reads and removes a key; values keep newlines and any script; missing reads null', async () => {
      const secrets = createKeyringSecrets({ dataDir: '/data/one', env: session.env });
      expect(secrets.kind).toBe('system');
      expect(await secrets.get('provider:1')).toBeNull();
      const value = 'sk-测试\nline two  ';
      await secrets.set('provider:1', value);
      expect(await secrets.get('provider:1')).toBe(value);
      await secrets.set('provider:1', 'replaced');
      expect(await secrets.get('provider:1')).toBe('replaced');
      await secrets.delete('provider:1');
      expect(await secrets.get('provider:1')).toBeNull();
      await secrets.delete('provider:1'); // nothing there: not an error
    });

    it('keeps the keys of two data folders apart', async () => {
      const one = createKeyringSecrets({ dataDir: '/data/one', env: session.env });
      const two = createKeyringSecrets({ dataDir: '/data/two', env: session.env });
      await one.set('provider:7', 'first');
      expect(await two.get('provider:7')).toBeNull();
      await two.set('provider:7', 'second');
      expect(await one.get('provider:7')).toBe('first');
      await one.delete('provider:7');
      expect(await two.get('provider:7')).toBe('second');
    });

    it('a provider key saved in the dashboard is still there after a restart, and the dashboard is told so', async () => {
      let tc = createTestCore({
        ports: { secrets: createKeyringSecrets({ dataDir: 'restart', env: session.env }) },
      });
      try {
        expect((await tc.client.invoke('app:info', undefined)).secretStore).toBe('system');
        const saved = await tc.client.invoke('providers:save', {
          kind: 'openai',
          name: 'OpenAI',
          apiKey: 'sk-kept-across-restarts',
        });
        tc.core.close();
        tc = createTestCore(
          { ports: { secrets: createKeyringSecrets({ dataDir: 'restart', env: session.env }) } },
          { dataDir: tc.dataDir, skillsDir: tc.skillsDir },
        );
        const [listed] = await tc.client.invoke('providers:list', undefined);
        expect(listed).toMatchObject({
          id: saved.id,
          hasKey: true,
          keys: [{ label: 'Key 1', health: { state: 'ok' } }],
        });
        expect(await tc.core.ports.secrets.get(keySecretName(saved.id, listed!.keys[0]!.id))).toBe(
          'sk-kept-across-restarts',
        );
      } finally {
        await tc.dispose();
      }
    });

    it('skilldeck run uses a key serve kept in the keyring for the same data folder', async () => {
      const server = await startLlmServer();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-cli-keyring-'));
      try {
        // as `skilldeck serve --data-dir dataDir` leaves it: the provider in the database, its key in the keyring
        const core = createCore({
          dataDir,
          skillDirs: [],
          runtime: 'node',
          version: '0',
          watchSkills: false,
          ports: { secrets: createKeyringSecrets({ dataDir, env: session.env }) },
        });
        const provider = await core.dispatch('providers:save', {
          kind: 'openai',
          name: 'work',
          baseUrl: `${server.url}/v1`,
          defaultModel: 'm1',
          isDefault: true,
          apiKey: 'sk-from-the-keyring',
        });
        expect(provider.ok).toBe(true);
        core.close();
        await core.skills.close();

        for (const [name, value] of Object.entries(session.env)) vi.stubEnv(name, value);
        server.script({ text: 'Bonjour' });
        const err: string[] = [];
        const { code, stdout } = await captureStdout(() =>
          main(['run', 'translate', '--selection', 'Hello', '--data-dir', dataDir], {
            out: () => undefined,
            err: (l) => err.push(l),
          }),
        );
        expect(code, err.join('\n')).toBe(0);
        expect(stdout).toBe('Bonjour\n');
        expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer sk-from-the-keyring');
      } finally {
        vi.unstubAllEnvs();
        await server.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('says why when there is no session bus, instead of hanging or failing later', async () => {
      const env = { PATH: process.env.PATH, HOME: os.tmpdir() };
      const probe = await probeKeyring({ dataDir: '/d', env });
      expect(probe).toMatchObject({ ok: false, reason: expect.stringMatching(/D-Bus|dbus|bus/i) });
      await expect(createKeyringSecrets({ dataDir: '/d', env }).get('provider:1')).rejects.toThrow(
        /the system keyring could not read the key "provider:1"/,
      );
    });
  },
);

describe('without secret-tool', () => {
  it('says how to install it', async () => {
    expect(await probeKeyring({ dataDir: '/d', env: { PATH: '/nonexistent' } })).toEqual({
      ok: false,
      reason: 'secret-tool is not installed (Debian / Ubuntu: apt install libsecret-tools)',
    });
  });

  it('a host without a keyring says its keys last for this process only', async () => {
    const tc = createTestCore();
    try {
      expect((await tc.client.invoke('app:info', undefined)).secretStore).toBe('session');
    } finally {
      await tc.dispose();
    }
  });
});
