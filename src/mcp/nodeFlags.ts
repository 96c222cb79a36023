// The Node flags the MCP server (dist/mcp.js) runs with, wherever it is started: by VS Code
// (src/extension/agents/mcpServerDefinitions.ts), by `npm run mcp`, in the configuration
// docs/agents.md documents, and by the tests and benchmarks that start it.
//
// An agent makes a handful of calls in a session, so the server is tuned for its first calls
// and a flat memory line rather than for code that has run a thousand times (measured by
// `npm run bench:agents`; the figures are in docs/benchmarks.md):
// - `--always-sparkplug --max-opt=1`: every function runs as V8's baseline code from its first
//   call, and the optimising compilers never start. Optimised code would pay off only after
//   hundreds of calls, and until then its compiles ran inside the calls (or on a thread with
//   its own heap): the first twelve records_query calls of a session took 29.5 ms instead of
//   36.3, and the server spends about 15% less CPU per call over a whole run;
// - `--max-semi-space-size=2`: a small young generation (without it 85–95 MB between
//   collections);
// - `--liftoff-only`: the HTTP parser's WebAssembly stays on V8's baseline compiler (optimising
//   it took 20 MB at once, a peak near 100 MB).
export const MCP_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2', '--liftoff-only', '--always-sparkplug', '--max-opt=1'];
