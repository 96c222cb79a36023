// Types of start-editor-tools.mjs, for the unit test that imports it.
export interface Machine {
  platform: string;
  arch: string;
  hasApt: boolean;
}
export function onPath(command: string): boolean;
export function unsupportedReason(machine: Machine): string | undefined;
export function thisMachine(): Machine;
export function installEditorTools(repo: string): Promise<void>;
