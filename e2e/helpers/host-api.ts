import type { ChannelInput, ChannelOutput } from '../../shared/ipc/contract';
import type { Channel } from '../../shared/ipc/names';
import type { Result } from '../../shared/ipc/result';

/**
 * The contract over a running `skilldeck serve`'s HTTP endpoint, with the token of the URL it printed:
 * what tests and benchmarks use to set up and check what the page does. `url` is read at each call (a
 * test may restart the host).
 */
export function hostApi(url: () => string) {
  async function invoke<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
    const printed = new URL(url());
    const response = await fetch(`${printed.origin}/api/invoke/${channel}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${printed.searchParams.get('token')}`,
        'content-type': 'application/json',
      },
      // no body: the channel takes no input
      ...(input === undefined ? {} : { body: JSON.stringify(input) }),
    });
    const envelope = (await response.json()) as Result<ChannelOutput<C>>;
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`);
    return envelope.value;
  }

  /** The run once it is no longer running. */
  async function settled(runId: string | null) {
    if (runId === null) throw new Error('no run started');
    for (;;) {
      const run = await invoke('runs:get', { runId });
      if (run.status !== 'running') return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The local wire-format model server (`startLlmServer`) as the default provider `local`, model `m`. */
  function useLocalModel(llmUrl: string) {
    return invoke('providers:save', {
      kind: 'openai-compatible',
      name: 'local',
      baseUrl: `${llmUrl}/v1`,
      defaultModel: 'm',
      isDefault: true,
    });
  }

  return { invoke, settled, useLocalModel };
}
