// Temporary folders made by a test file, removed once that file's tests have run.
//
// Loaded by .mocharc.json's "require" as a root hook plugin: mocha runs the unit files in
// parallel workers that keep modules loaded from one file to the next, so a root-level after()
// registered when a shared module loads would clean up after the first file of each worker only.
// A plugin's afterAll runs after every file, in serial and in parallel runs alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** A new empty folder under the system's temp folder, named `<prefix>XXXXXX`, removed after the file's tests. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export const mochaHooks = {
  afterAll(): void {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  },
};
