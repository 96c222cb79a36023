// Types of scripts/links.mjs for its unit test.
export interface MarkdownLink {
  kind: 'link' | 'image';
  href: string;
  text: string;
}
export const root: string;
export function isGuidePage(path: string): boolean;
export function markdownLinks(markdown: string): MarkdownLink[];
export function slug(text: string): string;
export function anchors(markdown: string): Set<string>;
export function isExternal(href: string): boolean;
export function brokenLinks(page: string, base?: string): string[];
export function linkedFiles(starts?: string[], base?: string): string[];
