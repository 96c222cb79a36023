/** A piece of a record's searchable text; title words weigh more than body words. */
export interface SearchSegment {
  /** Field the text came from (`title`, `description`, `c_…`, `attachments:<title>`). */
  field: string;
  text: string;
  boost: number;
}
