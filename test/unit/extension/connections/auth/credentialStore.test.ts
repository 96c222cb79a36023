// The token cache in front of SecretStorage. In a browser-hosted editor every SecretStorage call
// is a round trip; a read that is on its way while a sign-in stores the token must not leave the
// connection looking signed out.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { CredentialStore, tokenKey } from '../../../../../src/extension/connections/auth/credentialStore';

/** SecretStorage whose calls answer only when the test says so, in the order it chooses. */
class SlowSecrets implements vscode.SecretStorage {
  readonly values = new Map<string, string>();
  readonly pending: (() => void)[] = [];
  private readonly listeners: ((event: vscode.SecretStorageChangeEvent) => void)[] = [];

  get(key: string): Thenable<string | undefined> {
    const value = this.values.get(key);
    return new Promise((resolve) => this.pending.push(() => resolve(value)));
  }
  store(key: string, value: string): Thenable<void> {
    return new Promise((resolve) =>
      this.pending.push(() => {
        this.values.set(key, value);
        resolve();
        for (const listener of this.listeners) listener({ key });
      }),
    );
  }
  delete(key: string): Thenable<void> {
    return new Promise((resolve) =>
      this.pending.push(() => {
        this.values.delete(key);
        resolve();
        for (const listener of this.listeners) listener({ key });
      }),
    );
  }
  keys(): Thenable<string[]> {
    return Promise.resolve([...this.values.keys()]);
  }
  onDidChange: vscode.Event<vscode.SecretStorageChangeEvent> = (listener) => {
    this.listeners.push(listener);
    return { dispose: () => undefined };
  };
  /** Answers every call, oldest first, also those the answers lead to, until none is left. */
  async settle(): Promise<void> {
    do {
      while (this.pending.length > 0) this.pending.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    } while (this.pending.length > 0);
  }
}

/** What a promise holds after one turn of the event loop, or 'pending' when it has no answer yet. */
async function now<T>(promise: Thenable<T>): Promise<T | 'pending'> {
  return Promise.race([promise, new Promise<'pending'>((resolve) => setImmediate(() => resolve('pending')))]);
}

describe('credential store', () => {
  it('a sign-in is seen at once, even while a read started before it is still on its way', async () => {
    const secrets = new SlowSecrets();
    const store = new CredentialStore(secrets);
    const before = store.getToken('c1'); // the tree asks for the new connection's state
    const signIn = store.setToken('c1', 'secret-token');
    assert.equal(await now(store.getToken('c1')), 'secret-token', 'a read during the store sees the new token');
    await secrets.settle();
    await signIn;
    assert.equal(await before, undefined, 'the early read answers what was there when it started');
    const after = store.getToken('c1');
    await secrets.settle();
    assert.equal(await after, 'secret-token', 'and it does not put the old value back');
    assert.equal(secrets.values.get(tokenKey('c1')), 'secret-token');
    store.dispose();
  });

  it('a sign-out is seen at once, and a failed store is not remembered', async () => {
    const secrets = new SlowSecrets();
    secrets.values.set(tokenKey('c1'), 'old');
    const store = new CredentialStore(secrets);
    const clearing = store.clear('c1');
    assert.equal(await now(store.getToken('c1')), undefined);
    await secrets.settle();
    await clearing;
    assert.equal(secrets.values.has(tokenKey('c1')), false);

    secrets.store = () => Promise.reject(new Error('keychain locked'));
    await assert.rejects(store.setToken('c1', 'new'), /keychain locked/);
    const read = store.getToken('c1');
    await secrets.settle();
    assert.equal(await read, undefined, 'after a failed store the keychain is asked again');
    store.dispose();
  });
});
