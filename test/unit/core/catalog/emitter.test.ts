import * as assert from 'node:assert/strict';
import { Emitter } from '../../../../src/core/catalog/emitter';

describe('catalog change emitter', () => {
  it('delivers to every listener, with thisArgs, until disposed', () => {
    const emitter = new Emitter<number>();
    const seen: number[] = [];
    const owner = { factor: 10, take(n: number) { seen.push(n * this.factor); } };
    const disposables: { dispose(): void }[] = [];
    emitter.event(owner.take, owner, disposables);
    const second = emitter.event((n) => seen.push(n));
    emitter.fire(1);
    second.dispose();
    emitter.fire(2);
    disposables.forEach((d) => d.dispose());
    emitter.fire(3);
    assert.deepEqual(seen, [10, 1, 20]);
  });

  it('keeps telling the others when one listener throws', () => {
    const emitter = new Emitter<string>();
    const seen: string[] = [];
    const original = console.error;
    console.error = () => undefined;
    try {
      emitter.event(() => {
        throw new Error('boom');
      });
      emitter.event((s) => seen.push(s));
      emitter.fire('x');
    } finally {
      console.error = original;
    }
    assert.deepEqual(seen, ['x']);
  });
});
