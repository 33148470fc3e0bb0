import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer } from '../testing/llm-server';
import { adhocProvider } from './adhoc';
import { ModelError } from './gateway';
import { memorySecrets } from './test-support';

function envSecrets(value: string | null) {
  const secrets = memorySecrets();
  if (value !== null) secrets.values.set('provider:cli', value);
  return secrets;
}

let server: LlmServer;
beforeEach(async () => {
  server = await startLlmServer();
});
afterEach(async () => {
  await server.close();
});

const request = () => ({
  system: 'sys',
  messages: [{ role: 'user' as const, content: 'hello' }],
  signal: new AbortController().signal,
  onToken: () => {},
});

describe('adhocProvider (the CLI flags)', () => {
  it('calls the flags provider with the key from the named environment variable', async () => {
    const gateway = adhocProvider(
      {
        kind: 'anthropic',
        baseUrl: `${server.url}/v1`,
        model: 'claude-z',
        apiKeys: [{ label: 'MY_KEY', value: 'sk-env-1' }],
      },
      envSecrets(null),
    );
    expect(await gateway.resolve('whatever-the-skill-says', 'skill-model')).toEqual({
      provider: 'anthropic',
      kind: 'anthropic',
      model: 'claude-z',
    });
    const result = await gateway.streamText({ ...request(), providerName: 'other', model: 'skill-model' });
    expect(result).toMatchObject({ text: 'hello', provider: 'anthropic', model: 'claude-z' });
    expect(server.requests[0]!.headers['x-api-key']).toBe('sk-env-1');
    expect(server.requests[0]!.body).toMatchObject({ model: 'claude-z' });
  });

  it("uses the skill's model when --model is absent, and needs a base URL for openai-compatible", async () => {
    const gateway = adhocProvider(
      { kind: 'openai-compatible', baseUrl: `${server.url}/v1` },
      envSecrets(null),
    );
    expect((await gateway.resolve(undefined, 'llama3.2')).model).toBe('llama3.2');
    await expect(gateway.resolve()).rejects.toThrow(/no default model/);
    expect(() => adhocProvider({ kind: 'openai-compatible' }, envSecrets(null))).toThrow(ModelError);
  });
});
