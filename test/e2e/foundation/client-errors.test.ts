import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/test-server.ts';

/** Sends raw bytes and collects everything the server answers until it closes the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parse(answer: string): { status: number; headers: string; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) };
}

describe('requests node:http cannot parse', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an unknown method at the proxy with the JSON error envelope and X-Cache-Status', async () => {
    // Act
    const answer = parse(
      await rawExchange(t.server.proxyPort, 'BREW /coffee HTTP/1.1\r\nHost: demo.localhost\r\n\r\n'),
    );

    // Assess
    expect(answer.status).toBe(400);
    expect(answer.headers).toContain('x-cache-status: bypass');
    expect(answer.body).toEqual({ success: false, error: expect.objectContaining({ code: 'bad_request' }) });
  });

  it('answers headers over 16 KB at the API with 431 in the error envelope', async () => {
    // Prepare
    const apiPort = Number(new URL(t.server.apiUrl).port);
    const huge = `x-padding: ${'a'.repeat(20_000)}\r\n`;

    // Act
    const answer = parse(await rawExchange(apiPort, `GET /v1/health HTTP/1.1\r\nHost: local\r\n${huge}\r\n`));

    // Assess
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({ success: false, error: expect.objectContaining({ code: 'headers_too_large' }) });
  });
});
