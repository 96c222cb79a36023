// A query's name as a file name. VS Code proposes an untitled notebook's own name in Save As, so an
// unsaved notebook is named after its query's title: `### All of IT TASK` → `All of IT TASK.rlx`.

/** Characters a file name cannot hold (on any system). */
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|]+/g;

/** The title of a query: the text after its first `###`; undefined when it has none. */
export function queryTitleOf(text: string): string | undefined {
  const match = /^[\uFEFF\t ]*###(.*)$/m.exec(text);
  const title = match?.[1]?.trim();
  return title === undefined || title === '' ? undefined : title;
}

/** `title` as a `.rlx` file name: no heading marks, nothing a file name cannot hold, one space at a time. */
export function rlxFileNameOf(title: string | undefined, fallback: string): string {
  const name = (title ?? '').replace(/^#+/, '').replace(NOT_IN_FILE_NAMES, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  return `${name === '' ? fallback : name}.rlx`;
}
