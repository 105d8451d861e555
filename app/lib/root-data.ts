import { useRouteLoaderData } from 'react-router';
import type { RootData } from './meta.ts';

/** The root loader's data: RootData plus the request's CSP nonce for the head's inline script. */
export interface RootLoaderData extends RootData {
  nonce: string;
}

/** Undefined only while the root loader itself failed (the shell then renders signed out). */
export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData('root') as RootLoaderData | undefined;
}

export type ViewerSummary = NonNullable<RootData['viewer']>;

/** The signed-in person, or null for visitors. */
export function useViewer(): ViewerSummary | null {
  return useRootData()?.viewer ?? null;
}
