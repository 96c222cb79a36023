// Launches Debian's Chromium through playwright-core with the flags known to work on
// these machines (no sandbox as root, no GPU, nothing that phones home).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumPath } from './paths.mjs';

export const chromiumArgs = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-dev-shm-usage',
];

export const viewport = { width: 1400, height: 900 };

export async function launchChromium() {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}. Run \`bash scripts/install-editor-tools.sh\` (it installs Debian's chromium) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}
