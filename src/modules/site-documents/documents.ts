import fs from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../platform/project-root.js';

/** The site's own documents, each a Markdown file an operator may replace (TERMS_FILE, PRIVACY_FILE). */
export type SiteDocumentName = 'TERMS' | 'PRIVACY';

export interface SiteDocumentFiles {
  TERMS_FILE?: string;
  PRIVACY_FILE?: string;
}

/** The defaults shipped in the repository (content/), written for any instance. */
export const DEFAULT_DOCUMENT_FILES: Record<SiteDocumentName, string> = {
  TERMS: 'content/terms.md',
  PRIVACY: 'content/privacy.md',
};

export function documentFile(name: SiteDocumentName, files: SiteDocumentFiles): string {
  const configured = name === 'TERMS' ? files.TERMS_FILE : files.PRIVACY_FILE;
  return path.resolve(projectRoot(), configured ?? DEFAULT_DOCUMENT_FILES[name]);
}

/** Read once per file and process: the documents change with a deploy, not while it runs. */
const read = new Map<string, Promise<string>>();

/** The document's Markdown, with {siteName} standing for the configured SITE_NAME. */
export async function siteDocument(name: SiteDocumentName, files: SiteDocumentFiles, siteName: string): Promise<string> {
  const file = documentFile(name, files);
  let text = read.get(file);
  if (text === undefined) {
    text = fs.readFile(file, 'utf8');
    // A failed read (the file moved) is tried again by the next request.
    text.catch(() => read.delete(file));
    read.set(file, text);
  }
  return (await text).replaceAll('{siteName}', siteName);
}
