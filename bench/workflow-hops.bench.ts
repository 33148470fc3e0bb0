// What the engine adds per hop: a chain of N workflow steps, each answered by the wire-format server after a
// tiny delay, run through the engine (`runs:start` → settled) and through a plain `fetch` client that walks
// the same chain on the same server (the HTTP floor). (engine − floor) ÷ N is the engine's cost of one hop
// in wall time; the CPU the process spends (server and client alike, process.cpuUsage) ÷ N likewise.
// SKILLDECK_BENCH_PROFILE=1 runs only the engine case, 60 times, for `node --cpu-prof`; SKILLDECK_BENCH_HOPS=N
// sets the chain's length (1: what a run costs to start and end).
import { adhocProvider } from '../electron/core/providers/adhoc';
import { memorySecrets } from '../electron/core/providers/test-support';
import { startLlmServer } from '../electron/core/testing/llm-server';
import { createTestCore } from '../electron/core/test-support';
import { goal, median, suite } from './harness';
import { plainHttpPost } from './plain-http';
import { workflowSkill, type BenchDag } from './workflow.bench';

const HOPS = Number(process.env.SKILLDECK_BENCH_HOPS ?? '40') || 40;
const DELAY_MS = 1;

export default async function run() {
  const server = await startLlmServer({ responder: () => ({ text: 'ok', delayMs: DELAY_MS }) });
  const gateway = adhocProvider(
    { kind: 'openai-compatible', baseUrl: `${server.url}/v1`, model: 'bench-model' },
    memorySecrets(),
  );
  const t = createTestCore({ watchSkills: false, gateway });
  const dag: BenchDag = {
    name: `chain of ${HOPS}`,
    steps: Array.from({ length: HOPS }, (_, i) => ({
      id: `h${i}`,
      dependencies: i === 0 ? [] : [`h${i - 1}`],
      delayMs: DELAY_MS,
    })),
  };
  t.writeSkill('hops', workflowSkill(dag, 'hops', 1));
  const engine = async () => {
    const started = await t.core.dispatch('runs:start', { skillId: 'hops', input: 'go' });
    if (!started.ok) throw new Error(started.error.message);
    const { runId } = started.value as { runId: string };
    await t.core.executor.settled(runId);
    const status = t.core.runs.get(runId)!.status;
    if (status !== 'succeeded') throw new Error(`hops: run ${status}`);
  };
  const body = (i: number) =>
    JSON.stringify({
      model: 'bench-model',
      stream: true,
      messages: [{ role: 'system', content: `STEP hops.h${i}` }],
    });
  const floor = async () => {
    for (let i = 0; i < HOPS; i++) {
      const response = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body(i),
      });
      await response.text();
    }
  };
  const leanest = async () => {
    for (let i = 0; i < HOPS; i++) await plainHttpPost(`${server.url}/v1/chat/completions`, body(i));
  };
  const cpu = new Map<string, number[]>();
  const withCpu = (name: string, work: () => Promise<void>) => async () => {
    const before = process.cpuUsage();
    await work();
    const used = process.cpuUsage(before);
    (cpu.get(name) ?? cpu.set(name, []).get(name)!).push((used.user + used.system) / 1000);
  };
  try {
    if (process.env.SKILLDECK_BENCH_PROFILE) {
      for (let i = 0; i < 60; i++) await engine();
      return;
    }
    const [e, f, h] = await suite(
      `Workflow hops: a chain of ${HOPS} steps, each answered after ${DELAY_MS} ms (median of 15, interleaved)`,
      [
        { name: 'engine (runs:start → settled)', run: withCpu('engine', engine) },
        { name: 'plain fetch, same chain (HTTP floor)', run: withCpu('floor', floor) },
        { name: 'plain node:http, same chain (leanest floor)', run: withCpu('http', leanest) },
      ],
      { samples: 15, warmup: 3, interleave: true, baseline: 'plain fetch, same chain (HTTP floor)' },
    );
    const cpuEngine = median(cpu.get('engine')!.slice(3));
    const cpuFloor = median(cpu.get('floor')!.slice(3));
    const cpuHttp = median(cpu.get('http')!.slice(3));
    const wallPerHop = (e!.medianMs - f!.medianMs) / HOPS;
    const cpuPerHop = (cpuEngine - cpuFloor) / HOPS;
    console.log(
      `  per hop: wall ${wallPerHop.toFixed(2)} ms, CPU ${cpuPerHop.toFixed(2)} ms over the floor ` +
        `(CPU per run: engine ${cpuEngine.toFixed(0)} ms, floor ${cpuFloor.toFixed(0)} ms; the server's share is in both)`,
    );
    console.log(
      `  over plain node:http instead: wall ${((e!.medianMs - h!.medianMs) / HOPS).toFixed(2)} ms, CPU ` +
        `${((cpuEngine - cpuHttp) / HOPS).toFixed(2)} ms per hop (CPU per run ${cpuHttp.toFixed(0)} ms, wall ${h!.medianMs.toFixed(0)} ms)`,
    );
    goal({
      name: 'workflow: engine CPU per hop over the HTTP floor',
      measured: cpuPerHop,
      limit: 1,
      unit: 'ms',
      detail: `chain of ${HOPS}, ${DELAY_MS} ms steps: CPU ${cpuEngine.toFixed(0)} vs ${cpuFloor.toFixed(0)} ms per run, wall ${e!.medianMs.toFixed(0)} vs ${f!.medianMs.toFixed(0)} ms (${wallPerHop.toFixed(2)} ms per hop); over a plain node:http loop ${((cpuEngine - cpuHttp) / HOPS).toFixed(2)} ms CPU per hop`,
    });
  } finally {
    await t.dispose();
    await server.close();
  }
}
