import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBashTool, groupAlive, runCommand } from './bash';
import { run, targetOf, tempWorkdir, type TempWorkdir } from './test-support';

/** The process mechanics, outside any sandbox (bash-sandbox.test.ts runs the same through bwrap). */
const bashTool = createBashTool({ sandbox: false });

let w: TempWorkdir;
beforeEach(() => {
  w = tempWorkdir();
});
afterEach(() => w.cleanup());

/** Whether a process runs: `kill -0`, not counting zombies (PID 1 of a container may never reap them). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'Z';
  } catch {
    return true; // no /proc: kill -0 is all we have
  }
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return check();
}

describe('Bash', () => {
  it('runs in the working directory and returns stdout and stderr in order', async () => {
    const result = await run(
      bashTool,
      { command: 'pwd; echo out; sleep 0.05; echo err >&2; echo done' },
      w.ctx(),
    );
    expect(result).toEqual({
      output: `${w.dir}\nout\nerr\ndone\n`,
      summary: `Ran pwd; echo out; sleep 0.05; echo err >&2; echo done (exit 0)`,
    });
  });

  it('reports a non-zero exit as an error with the code', async () => {
    const result = await run(bashTool, { command: 'echo oops; exit 3' }, w.ctx());
    expect(result).toEqual({
      isError: true,
      output: 'oops\nexit code 3',
      summary: 'Ran echo oops; exit 3 (exit 3)',
    });
  });

  it('gives the command no input', async () => {
    const result = await run(bashTool, { command: 'cat; echo after' }, w.ctx());
    expect(result.output).toBe('after\n');
  });

  it('cuts output over 30,000 characters with a marker', async () => {
    const result = await run(bashTool, { command: "head -c 50000 /dev/zero | tr '\\0' 'a'" }, w.ctx());
    expect(result.output).toBe(
      `${'a'.repeat(30000)}\n[output truncated: 50000 characters, first 30000 shown]`,
    );
  });

  it('stops the whole process group on cancel, within ~200 ms, leaving nothing', async () => {
    const controller = new AbortController();
    let pid = 0;
    const started = Date.now();
    const running = runCommand('sleep 30 & sleep 30; echo never', w.dir, 60_000, controller.signal, (p) => {
      pid = p;
    });
    await waitFor(() => pid !== 0, 1000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    const result = await running;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result.stopped).toBe('cancelled');
    expect(await waitFor(() => !groupAlive(pid), 200)).toBe(true);
    expect(alive(pid)).toBe(false);
  });

  it('answers a cancelled run through the tool, with a note', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const result = await run(bashTool, { command: 'sleep 30' }, w.ctx({ signal: controller.signal }));
    expect(Date.now() - started).toBeLessThan(400);
    expect(result).toMatchObject({ isError: true, summary: 'Ran sleep 30 (cancelled)' });
    expect(result.output).toContain('[stopped: the run was cancelled]');
  });

  it('stops a command at its timeout', async () => {
    const result = await run(bashTool, { command: 'echo start; sleep 30', timeout: 100 }, w.ctx());
    expect(result).toMatchObject({ isError: true, summary: 'Ran echo start; sleep 30 (timed out)' });
    expect(result.output).toBe('start\n[stopped: the command timed out after 100 ms]');
  });

  it('stops background processes the command left behind', async () => {
    const marker = path.join(w.dir, 'pid');
    const result = await run(bashTool, { command: `sleep 30 & echo $! > ${marker}; echo started` }, w.ctx());
    expect(result.output).toBe('started\n[processes it left running in the background were stopped]');
    const pid = Number(fs.readFileSync(marker, 'utf8'));
    expect(await waitFor(() => !alive(pid), 500)).toBe(true);
  });

  it('targets the command and the working directory', async () => {
    expect(await targetOf(bashTool, { command: 'ls' }, w.ctx())).toEqual({ command: 'ls', paths: [w.dir] });
    expect(bashTool.effect).toBe('exec');
  });
});
