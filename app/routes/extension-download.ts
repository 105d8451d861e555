import { buildExtensionZip, EXTENSION_FILE_NAME } from '@server/modules/extension/extension.service.ts';
import type { Route } from './+types/extension-download';

/** The packed extension as a download (a resource route: no page). */
export async function loader({ context }: Route.LoaderArgs) {
  const zip = await buildExtensionZip({ url: context.env.SITE_URL, name: context.env.SITE_NAME });
  return new Response(new Blob([new Uint8Array(zip)]), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${EXTENSION_FILE_NAME}"`,
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
