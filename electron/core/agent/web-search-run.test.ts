// WebSearch in agent runs end to end: the model (the wire-format server) calls it, the permission gate
// asks or decides by the rules, the search goes to a local backend, and the next model request carries the
// formatted results.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_RESULTS, startSearchServer, type SearchServer } from '../testing/search-server';
import { agentSkill, callTool, offeredTools, resultFor, useAgentHarness } from './test-support';

const { server: llm, open } = useAgentHarness();
let search: SearchServer;
beforeAll(async () => {
  search = await startSearchServer();
});
afterAll(() => search.close());
beforeEach(() => {
  search.requests.length = 0;
});

const options = () => ({ webSearch: { endpoints: { duckduckgo: search.url }, timeoutMs: 3000 } });
const researcher = (fields: Record<string, string | string[]> = {}) =>
  agentSkill('researcher', { 'allowed-tools': ['WebSearch'], ...fields });

describe('WebSearch in an agent run', () => {
  it('is offered when allowed-tools lists it; asked about in default mode; its results reach the model', async () => {
    const a = await open({ 'researcher/SKILL.md': researcher() }, options());
    llm().script(callTool('s1', 'WebSearch', { query: 'python tutorial', count: 3 }), { text: 'found them' });
    const runId = await a.start('researcher', { input: 'find a python tutorial' });
    const request = await a.next(runId, 'permission_request');
    expect(request).toMatchObject({
      tool: 'WebSearch',
      input: { query: 'python tutorial', count: 3 },
      reason: 'default mode asks before WebSearch',
      suggestedRule: 'WebSearch',
    });
    expect(search.requests).toEqual([]); // nothing searched before the answer
    await a.call('permissions:respond', { runId, requestId: request.requestId, choice: 'allow_once' });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    expect(offeredTools(llm().requests[0]!)).toContain('WebSearch');
    expect(search.requests.map((r) => r.params['q'])).toEqual(['python tutorial']);
    const [first, second, third] = FIXTURE_RESULTS;
    expect(resultFor(llm().requests[1], 's1')).toBe(
      'Search results:\n\n' +
        `1. [${first!.title}](${first!.url})\n   ${first!.snippet}\n\n` +
        `2. [${second!.title}](${second!.url})\n   ${second!.snippet}\n\n` +
        `3. [${third!.title}](https://en.wikipedia.org/wiki/Python_%28programming_language%29)\n   ${third!.snippet}`,
    );
    expect(a.of(runId, 'tool_result')).toMatchObject([
      { tool: 'WebSearch', summary: 'Search "python tutorial" (3 results, DuckDuckGo)', isError: false },
    ]);
  });

  it('denied by the user, or in plan mode, nothing is searched and the model is told', async () => {
    const a = await open({ 'researcher/SKILL.md': researcher() }, options());
    llm().script(callTool('s1', 'WebSearch', { query: 'secret plans' }), { text: 'ok' });
    const runId = await a.start('researcher', { input: 'x' });
    const request = await a.next(runId, 'permission_request');
    await a.call('permissions:respond', {
      runId,
      requestId: request.requestId,
      choice: 'deny',
      reason: 'no web',
    });
    await a.settle(runId);
    expect(resultFor(llm().requests[1], 's1')).toBe('the user denied this call: no web');

    llm().script(callTool('s2', 'WebSearch', { query: 'again' }), { text: 'ok' });
    const planned = await a.start('researcher', { input: 'x', permissionMode: 'plan' });
    await a.settle(planned);
    expect(resultFor(llm().requests[3], 's2')).toBe(
      'permission denied (plan mode allows read-only tools only)',
    );
    expect(search.requests).toEqual([]);
  });

  it('WebSearch(domain:…) in allowed-tools searches without asking, kept to those domains; a deny domain rule takes one out', async () => {
    const a = await open(
      {
        'researcher/SKILL.md': researcher({
          'allowed-tools': ['WebSearch(domain:docs.python.org)', 'WebSearch(domain:*.wikipedia.org)'],
        }),
      },
      options(),
    );
    llm().script(callTool('s1', 'WebSearch', { query: 'python', count: 10 }), { text: 'done' });
    const runId = await a.start('researcher', { input: 'x' });
    await a.settle(runId);
    expect(a.of(runId, 'permission_request')).toEqual([]);
    expect(a.of(runId, 'permission_decision')).toMatchObject([
      { tool: 'WebSearch', decision: 'allow', source: 'rule', rule: 'WebSearch(domain:docs.python.org)' },
    ]);
    const output = resultFor(llm().requests[1], 's1');
    expect(output.match(/\]\((.*?)\)/g)).toEqual([
      '](https://docs.python.org/3/tutorial/index.html)',
      '](https://en.wikipedia.org/wiki/Python_%28programming_language%29)',
    ]);
    expect(output).toContain('(4 results from domains not allowed here left out)');

    await a.call('permissions:grant', {
      skillId: null,
      list: 'deny',
      rule: 'WebSearch(domain:en.wikipedia.org)',
    });
    llm().script(callTool('s2', 'WebSearch', { query: 'python' }), { text: 'done' });
    await a.settle(await a.start('researcher', { input: 'x' }));
    const again = resultFor(llm().requests[3], 's2');
    expect(again.match(/\]\((.*?)\)/g)).toEqual(['](https://docs.python.org/3/tutorial/index.html)']);
  });

  it('a saved bare rule allows it without asking, every result shown but the denied domains', async () => {
    const a = await open({ 'researcher/SKILL.md': researcher() }, options());
    await a.call('permissions:grant', { skillId: 'researcher', list: 'allow', rule: 'WebSearch' });
    await a.call('permissions:grant', { skillId: null, list: 'deny', rule: 'WebSearch(domain:pypi.org)' });
    llm().script(callTool('s1', 'WebSearch', { query: 'python', count: 20 }), { text: 'done' });
    const runId = await a.start('researcher', { input: 'x' });
    await a.settle(runId);
    const output = resultFor(llm().requests[1], 's1');
    expect(output.match(/^\d+\. /gm)).toHaveLength(5); // 7 fixtures, one a duplicate, pypi.org left out
    expect(output).not.toContain('pypi.org');
    expect(output).toContain('(1 result from domains not allowed here left out)');
  });
});
