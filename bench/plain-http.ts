// The leanest HTTP client a floor can use here: one POST over node:http with a keep-alive socket, its answer
// read to the end and dropped. The engine's plain chat sends over node:http too (http-stream.ts), so the
// issue's floor — a plain `fetch` loop — is no longer the least an engine over HTTP can do; the benches
// report both.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true });

export function plainHttpPost(url: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve());
      response.on('error', reject);
    });
    request.end(body);
  });
}
