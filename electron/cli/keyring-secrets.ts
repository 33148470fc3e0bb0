// `skilldeck serve`'s secret store on Linux: the desktop session's keyring through the Secret Service
// (GNOME Keyring, KWallet, KeePassXC…), spoken to by libsecret's `secret-tool`. A value goes through
// stdin, never the command line (where `ps` would show it), and is never written by Skilldeck itself.
// Items carry application=skilldeck, data-dir=<the data folder> and name=<provider:…>, so two data
// folders (a second profile, a test's) never read each other's keys.
import { spawn } from 'node:child_process';
import type { SecretStorePort } from '../core/platform';
import { onPath } from '../core/fs/on-path';

export interface KeyringOptions {
  /** The data folder these keys belong to. */
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** How long one secret-tool call may take (a locked keyring may ask for a password; default 20 s). */
  timeoutMs?: number;
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function secretTool(args: string[], options: KeyringOptions, input?: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn('secret-tool', args, {
      env: options.env ?? process.env,
      // only `store` reads stdin (the value); the others get none, so nothing is written to a closed pipe
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the system keyring did not answer within ${(options.timeoutMs ?? 20_000) / 1000} s`));
    }, options.timeoutMs ?? 20_000);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr: stderr.trim() });
    });
    if (input !== undefined && child.stdin) {
      // secret-tool may exit before reading (a refusal): that EPIPE is its exit code's to report
      child.stdin.on('error', () => undefined);
      child.stdin.end(input);
    }
  });
}

const attributes = (options: KeyringOptions, name: string) => [
  'application',
  'skilldeck',
  'data-dir',
  options.dataDir,
  'name',
  name,
];

const failure = (what: string, outcome: Outcome) =>
  new Error(
    `the system keyring could not ${what}: ${outcome.stderr || `secret-tool exited with ${String(outcome.code)}`}`,
  );

/**
 * Whether the keyring answers here: secret-tool installed and a Secret Service on the session bus.
 * Asks for a name that never exists: "not found" (exit 1, nothing on stderr) means it answered.
 */
export async function probeKeyring(
  options: KeyringOptions,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  if (!onPath('secret-tool', options.env ?? process.env))
    return {
      ok: false,
      reason: 'secret-tool is not installed (Debian / Ubuntu: apt install libsecret-tools)',
    };
  try {
    const outcome = await secretTool(['lookup', ...attributes(options, '.probe')], {
      ...options,
      timeoutMs: 5000,
    });
    if (outcome.code === 0 || (outcome.code === 1 && outcome.stderr === '')) return { ok: true };
    return {
      ok: false,
      reason: outcome.stderr.split('\n')[0] || `secret-tool exited with ${String(outcome.code)}`,
    };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}

export function createKeyringSecrets(options: KeyringOptions): SecretStorePort {
  return {
    kind: 'system',
    async get(name) {
      const outcome = await secretTool(['lookup', ...attributes(options, name)], options);
      if (outcome.code === 0) return outcome.stdout;
      if (outcome.code === 1 && outcome.stderr === '') return null; // not stored
      throw failure(`read the key "${name}"`, outcome);
    },
    async set(name, value) {
      const label = `Skilldeck: ${name} (${options.dataDir})`;
      const outcome = await secretTool(
        ['store', `--label=${label}`, ...attributes(options, name)],
        options,
        value,
      );
      if (outcome.code !== 0) throw failure(`store the key "${name}"`, outcome);
    },
    async delete(name) {
      const outcome = await secretTool(['clear', ...attributes(options, name)], options);
      // exit 1 with nothing said: there was nothing to clear
      if (outcome.code !== 0 && !(outcome.code === 1 && outcome.stderr === ''))
        throw failure(`remove the key "${name}"`, outcome);
    },
  };
}
