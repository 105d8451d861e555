import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { DocumentHtmlContext } from './lib/document-html.ts';
import { documentHtmlOf } from './lib/document-html.server.ts';
import { planTimelinePage } from './features/entries/entries.server.ts';
import type { ViewerPageHooks } from '@server/http/viewer-pages.ts';

export const streamTimeout = 5000;

/**
 * Renders the whole document, then answers with its bytes. Pages load their data before they
 * render and suspend on nothing, so the shell is the document: collecting it costs nothing in
 * time to first byte, and a complete body is what the compression middleware compresses in one
 * call and the page cache stores (server/http). The CSP nonce reaches every inline script. The
 * abort timer is cleared as soon as the render ends. HTML the loaders rendered for this document
 * (the feeds' rows) reaches the components through DocumentHtmlContext, not the loader data.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timer: NodeJS.Timeout | undefined;
    const chunks: Buffer[] = [];
    const nonce = loadContext.nonce;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    sink.on('finish', () => {
      clearTimeout(timer);
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
    });
    const { pipe, abort } = renderToPipeableStream(
      <DocumentHtmlContext.Provider value={documentHtmlOf(loadContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentHtmlContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.logger.error({ err: error }, 'render error');
        },
      },
    );
    timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/** Signed-in pages the server may answer from a template (server/http/viewer-pages.ts). */
export const viewerPages: ViewerPageHooks = { plan: planTimelinePage };
