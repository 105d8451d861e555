/** A collection as the API and loaders give it (server/modules/collections: CollectionView). */
export interface CollectionView {
  id: string;
  title: string;
  description: string;
  imageUrl: string;
  maskColor: string;
  recommended: boolean;
  author: { id: string; username: string; avatarLarge: string };
  followed: boolean;
  followerCount: number;
  entryCount: number;
  own: boolean;
  tags: Array<{ id: string; title: string }>;
  createdAt: string;
  updatedAt: string;
}

export type CollectionWithIsIn = CollectionView & { isIn: boolean };

export interface CollectResult {
  csId: string;
  entryId: string;
  isIn: boolean;
  entryCount: number;
  collectionCount: number;
  collected: boolean;
}

export interface CollectionInput {
  title: string;
  description: string;
  bgImgUrl: string;
}
