import { afterAll, beforeAll } from 'vitest';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../src/fake-llm/server.ts';

/** One fake OpenAI-compatible server for the tests of a file: started before them, closed after; call it for the server. */
export function fakeServerForFile(options: Parameters<typeof startFakeOpenAiServer>[0]): () => FakeOpenAiServer {
  let started: FakeOpenAiServer | undefined;
  beforeAll(async () => {
    started = await startFakeOpenAiServer(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  return () => {
    if (!started) throw new Error('the fake server is not started yet (use it inside a test)');
    return started;
  };
}
