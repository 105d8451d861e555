import { strToU8, zipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

// From the project root: this module is also bundled into the page build, elsewhere on disk.
const SOURCE_DIR = path.resolve('extension');
const SOURCE_FILES = ['manifest.json', 'newtab.html', 'newtab.css', 'newtab.js'] as const;

export const EXTENSION_FILE_NAME = 'jinsha-newtab.zip';

/**
 * The new-tab browser extension (extension/), packed for this site: its address and name are
 * written into the manifest and config.js, so one source serves every deployment.
 */
export async function buildExtensionZip(site: { url: string; name: string }): Promise<Uint8Array> {
  const origin = new URL(site.url).origin;
  const files: Record<string, Uint8Array> = {
    'config.js': strToU8(`var JINSHA = ${JSON.stringify({ siteUrl: origin, siteName: site.name })};\n`),
  };
  for (const name of SOURCE_FILES) {
    const source = await readFile(path.join(SOURCE_DIR, name), 'utf8');
    files[name] = strToU8(source.replaceAll('__SITE_URL__', origin).replaceAll('__SITE_NAME__', site.name));
  }
  return zipSync(files, { level: 9 });
}
