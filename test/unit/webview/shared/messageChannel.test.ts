import { strict as assert } from 'node:assert';
import { MessageChannel, type ChannelTransport } from '../../../../src/webview/shared/protocol';
import { waitUntil } from '../../../support/waitUntil';

/** Two transports wired to each other; delivery is asynchronous, like postMessage. */
function pair(): { a: ChannelTransport; b: ChannelTransport; connect(): void; sent: unknown[] } {
  const listeners: { a?: (d: unknown) => void; b?: (d: unknown) => void } = {};
  let connected = false;
  const sent: unknown[] = [];
  const deliver = (to: 'a' | 'b', data: unknown): void => {
    sent.push(data);
    // A page that is not loaded yet loses messages, as a webview does.
    if (connected) setTimeout(() => listeners[to]?.(structuredClone(data)), 0);
  };
  return {
    a: { send: (d) => deliver('b', d), listen: (r) => ((listeners.a = r), () => (listeners.a = undefined)) },
    b: { send: (d) => deliver('a', d), listen: (r) => ((listeners.b = r), () => (listeners.b = undefined)) },
    connect: () => (connected = true),
    sent,
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 30));

describe('MessageChannel', () => {
  it('holds posts until the other side says ready, then delivers them in order', async () => {
    const wires = pair();
    const received: string[] = [];
    const host = new MessageChannel<string, string>(wires.a, {});
    host.post('first');
    host.post('second');
    wires.connect();
    // The page starts after the host: the host's own ready was lost.
    const page = new MessageChannel<string, string>(wires.b, { onMessage: (m) => received.push(m) });
    await waitUntil('both posts delivered', () => received.length === 2, 1000, 10);
    assert.deepEqual(received, ['first', 'second']);
    assert.equal(host.isPeerReady, true);
    assert.equal(page.isPeerReady, true);
    host.dispose();
    page.dispose();
  });

  it('answers requests by id, with values and with errors', async () => {
    const wires = pair();
    wires.connect();
    const host = new MessageChannel<{ n: number }, never>(wires.a, {
      onRequest: async (m) => {
        if (m.n < 0) throw new Error('Negative numbers are not allowed.');
        return m.n * 2;
      },
    });
    const page = new MessageChannel<never, { n: number }>(wires.b, {});
    const [four, six] = await Promise.all([page.request<number>({ n: 2 }), page.request<number>({ n: 3 })]);
    assert.deepEqual([four, six], [4, 6]);
    await assert.rejects(page.request({ n: -1 }), /Negative numbers/);
    host.dispose();
    page.dispose();
  });

  it('meets again after the page reloads, without an endless exchange of readies', async () => {
    const wires = pair();
    wires.connect();
    const received: string[] = [];
    let pageStarts = 0;
    const host = new MessageChannel<string, string>(wires.a, { onPeerReady: () => pageStarts++ });
    const first = new MessageChannel<string, string>(wires.b, {});
    await tick();
    first.dispose();
    const reloaded = new MessageChannel<string, string>(wires.b, { onMessage: (m) => received.push(m) });
    await tick();
    host.post('after reload');
    await waitUntil('the post delivered', () => received.length === 1, 1000, 10);
    assert.deepEqual(received, ['after reload']);
    assert.equal(pageStarts, 2, 'the host hears of each page start, to send its initial data again');
    const readies = wires.sent.filter((d) => (d as { kind: string }).kind === 'ready').length;
    assert.ok(readies <= 6, `expected a bounded handshake, saw ${readies} readies`);
    host.dispose();
    reloaded.dispose();
  });

  it('rejects pending requests when disposed', async () => {
    const wires = pair();
    const page = new MessageChannel<never, string>(wires.b, {});
    const pending = page.request('never answered');
    page.dispose();
    await assert.rejects(pending, /closed/);
  });
});
