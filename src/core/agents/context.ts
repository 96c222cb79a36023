// What every tool is given: the connection it works on (already resolved and signed in by the
// surface calling it, the VS Code tools or the MCP server), its client and its catalog.
import type { RecordsClient } from '../api';
import type { ConnectionCatalog } from '../catalog/connectionCatalog';

export interface ToolContext {
  /** The catalog's id of the connection. */
  readonly connectionId: string;
  /** Its name as the user knows it, for results and confirmations. */
  readonly connectionName: string;
  readonly client: RecordsClient;
  /** The one home of connection facts (schemas, workspaces, people): tools never read those elsewhere. */
  readonly catalog: ConnectionCatalog;
  readonly signal?: AbortSignal;
}

/** A problem with what the model asked for: its message goes back to the model as the result. */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}

export function requireString(input: Record<string, unknown>, key: string): string {
  const value = input[key];
  if (typeof value !== 'string' || value.trim() === '') throw new ToolInputError(`"${key}" is required: give it as text.`);
  return value.trim();
}

export function optionalString(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new ToolInputError(`"${key}" must be text.`);
  return value.trim() === '' ? undefined : value.trim();
}

export function optionalLimit(input: Record<string, unknown>, key: string, max: number, fallback: number): number {
  const value = input[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new ToolInputError(`"${key}" must be a whole number from 1 to ${max}.`);
  return Math.min(value, max);
}

export function optionalStringList(input: Record<string, unknown>, key: string): string[] | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list) || list.some((item) => typeof item !== 'string')) throw new ToolInputError(`"${key}" must be a list of field names.`);
  const names = list.map((item: string) => item.trim()).filter((item) => item !== '');
  return names.length === 0 ? undefined : names;
}

export function requireObject(input: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = input[key];
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length === 0) {
    throw new ToolInputError(`"${key}" is required: an object of field names to values.`);
  }
  return value as Record<string, unknown>;
}
