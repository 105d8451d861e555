import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildExtensionZip } from './extension.service.ts';

describe('buildExtensionZip', () => {
  it('packs a manifest v3 new-tab extension pointed at this site', async () => {
    const files = unzipSync(await buildExtensionZip({ url: 'https://jinsha.example/some/path', name: '金砂' }));
    expect(Object.keys(files).sort()).toEqual(['config.js', 'manifest.json', 'newtab.css', 'newtab.html', 'newtab.js']);
    const manifest = JSON.parse(strFromU8(files['manifest.json'] as Uint8Array));
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.name).toBe('金砂 · 新标签页');
    expect(manifest.host_permissions).toEqual(['https://jinsha.example/*']);
    expect(manifest.chrome_url_overrides.newtab).toBe('newtab.html');
    expect(strFromU8(files['config.js'] as Uint8Array)).toContain('"siteUrl":"https://jinsha.example"');
    expect(strFromU8(files['newtab.js'] as Uint8Array)).toContain('/api/timeline/get_entry_by_rank');
  });
});
