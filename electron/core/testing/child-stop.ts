// Stopping a process a test or bench started: SIGTERM, SIGKILL when it has not exited within `graceMs`,
// and resolved once it has exited (also when it had already exited).
import type { ChildProcess } from 'node:child_process';

export function childStopper(child: ChildProcess, graceMs: number): () => Promise<void> {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(killer);
  };
}
