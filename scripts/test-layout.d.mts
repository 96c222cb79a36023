// Types of scripts/test-layout.mjs for the unit tests.
export function unitTests(dir?: string, unitRoot?: string): string[];
export function moduleOf(test: string, base?: string): string | undefined;
