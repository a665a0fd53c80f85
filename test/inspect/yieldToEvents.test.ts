import { describe, expect, it, onTestFinished } from 'vitest';
import { yieldToEvents } from '../../src/inspect/yieldToEvents.ts';

describe('yieldToEvents', () => {
  it('lets a message that was already waiting run before the work goes on', async () => {
    const channel = new MessageChannel();
    onTestFinished(() => channel.port1.close());
    const heard: string[] = [];
    channel.port1.onmessage = (event: MessageEvent<string>) => heard.push(event.data);
    channel.port2.postMessage('step view');
    await new Promise((resolve) => setTimeout(resolve, 0));
    channel.port2.postMessage('cancel');
    await yieldToEvents();
    heard.push('work');
    expect(heard).toEqual(['step view', 'cancel', 'work']);
  });
});
