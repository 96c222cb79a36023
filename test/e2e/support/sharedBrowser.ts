// One Chromium for all the windows of an e2e run: each window gets a context of its own (its own
// storage and cookies, as separate browsers had), without launching a browser per spec. Closed
// once the run ends (mocha's root hook below, loaded with --require), so mocha can exit.
import { chromium, type Browser } from 'playwright-core';

/** Same flags as test/support/host/chromium.mjs (the launchers' copy), known to work on these machines. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-dev-shm-usage',
];

export const CHROMIUM_LAUNCH = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS };

let shared: Promise<Browser> | undefined;

/** The run's browser, launched on first use and again if it went away (a crash). */
export async function sharedBrowser(): Promise<Browser> {
  const current = shared && (await shared.catch(() => undefined));
  if (current?.isConnected()) return current;
  shared = chromium.launch(CHROMIUM_LAUNCH);
  // A failed launch is not kept: the next window tries again.
  shared.catch(() => (shared = undefined));
  return shared;
}

export async function closeSharedBrowser(): Promise<void> {
  const current = shared && (await shared.catch(() => undefined));
  shared = undefined;
  await current?.close().catch(() => undefined);
}

/** Mocha root hook (test/e2e/run.mjs requires this file): the browser closes after the last spec. */
export const mochaHooks = {
  async afterAll(): Promise<void> {
    await closeSharedBrowser();
  },
};
