export * from './cells';
export * from './cellDocument';
