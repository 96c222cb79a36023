// The tree's display text of records lives in core (src/core/records/recordText.ts), where the
// catalog and the agent tools read it too; this path is kept for the tree's own modules.
export * from '../../../core/records/recordText';
