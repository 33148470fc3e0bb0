// A small MCP server for the client's tests. Over stdio by default; `--http` serves it over Streamable HTTP
// on a free loopback port and prints the URL on stdout.
import http from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

function createEchoServer() {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Answers with the text it is given.', inputSchema: { text: z.string() } },
    ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  server.registerTool('fail', { description: 'Always fails.' }, () => ({
    content: [{ type: 'text', text: 'it failed on purpose' }],
    isError: true,
  }));
  server.registerTool(
    'env',
    { description: 'The value of an environment variable.', inputSchema: { name: z.string() } },
    ({ name }) => ({ content: [{ type: 'text', text: process.env[name] ?? '(unset)' }] }),
  );
  server.registerTool('mixed', { description: 'Text and an image.' }, () => ({
    content: [
      { type: 'text', text: 'first' },
      { type: 'image', data: Buffer.from('12345678').toString('base64'), mimeType: 'image/png' },
      { type: 'text', text: 'second' },
    ],
  }));
  server.registerTool(
    'sleep',
    { description: 'Waits, then answers.', inputSchema: { ms: z.number() } },
    async ({ ms }, extra) => {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        extra.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()));
      });
      return { content: [{ type: 'text', text: 'woke up' }] };
    },
  );
  server.registerTool('say.hello', { description: 'A name to sanitize.' }, () => ({
    content: [{ type: 'text', text: 'hello' }],
  }));
  return server;
}

if (process.argv.includes('--http')) {
  // Stateless: one server and transport per request.
  const httpServer = http.createServer(async (req, res) => {
    const server = createEchoServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  httpServer.listen(0, '127.0.0.1', () => {
    process.stdout.write(`http://127.0.0.1:${httpServer.address().port}/mcp\n`);
  });
} else {
  await createEchoServer().connect(new StdioServerTransport());
}
