import { useEffect } from 'react';
import { countBookletView, countSectionView } from './booklet-api.ts';

/** Counts the page's view once it is shown in a browser (bots that do not run scripts never count). */
export function useBookletView(id: string) {
  useEffect(() => {
    countBookletView(id).catch(() => {});
  }, [id]);
}

/** Counts a section's view and, for a reader who may read it, remembers it as their place. */
export function useSectionView(sectionId: string) {
  useEffect(() => {
    countSectionView(sectionId).catch(() => {});
  }, [sectionId]);
}
