/**
 * Starts the fake OpenAI-compatible server for demos:
 *   npx tsx src/fake-llm/main.ts [--port N] [--key K] [--delay-ms MS]
 */
import { parseArgs } from 'node:util';
import { FAKE_MODELS, startFakeOpenAiServer } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    key: { type: 'string', default: 'test-key' },
    'delay-ms': { type: 'string', default: '2000' },
  },
});

const port = Number(values.port);
const delayMs = Number(values['delay-ms']);
if (!Number.isInteger(port) || port < 0 || port > 65535 || !Number.isFinite(delayMs) || delayMs < 0) {
  console.error('Usage: tsx src/fake-llm/main.ts [--port N] [--key K] [--delay-ms MS]');
  process.exit(2);
}

const server = await startFakeOpenAiServer({
  port,
  apiKey: values.key,
  delayMs,
  onRequest: (request) => {
    const model = (request.body as { model?: unknown } | undefined)?.model;
    console.log(
      `${request.method} ${request.path}${typeof model === 'string' ? ` ${model}` : ''} -> ${request.status}`,
    );
    // A demo can run for hours: the CLI logs requests instead of keeping them.
    server.requests.length = 0;
  },
});

console.log(`Fake OpenAI-compatible server: ${server.url}`);
console.log(`API key: ${values.key}`);
console.log(`Models: ${FAKE_MODELS.join(', ')}`);
console.log('Press Ctrl+C to stop.');

process.once('SIGINT', () => {
  void server.close().then(() => process.exit(0));
});
