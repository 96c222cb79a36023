// Test helper: a tree without offsets and raw text, for comparing trees parsed from different
// texts (the printer's round trip, for instance).
export function astShape(node: unknown): unknown {
  if (Array.isArray(node)) {
    return node.map(astShape);
  }
  if (typeof node === 'object' && node !== null) {
    const shape: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'start' && key !== 'end' && key !== 'raw') {
        shape[key] = astShape(value);
      }
    }
    return shape;
  }
  return node;
}
