// Types of scripts/vsix.mjs for the TypeScript tests.
export function readmeImages(readme: string): string[];
export function publishedManifest<T extends object>(manifest: T, repository: string | undefined): T & { repository?: { type: string; url: string }; bugs?: { url: string }; homepage?: string };
export function linkOptions(options: { repository?: string; imagesBaseUrl?: string }): string[];
export function packageVsix(options: { out: string; stagingDir: string; repository?: string; imagesBaseUrl?: string; stdin?: 'ignore' | 'inherit' }): Promise<string>;
