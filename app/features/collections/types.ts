/** Collections as the API and loaders give them: the service's own types, never a copy. */
export type {
  CollectionInput,
  CollectionView,
  CollectionWithIsIn,
  CollectResult,
} from '@server/modules/collections/collections.service.ts';
