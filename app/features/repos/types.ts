export type { RepoDetailView, RepoTagNode, RepoView, TranslationView } from '@server/modules/repos/repos.service.ts';

export interface TranslationPage {
  total: number;
  list: import('@server/modules/repos/repos.service.ts').TranslationView[];
  skip: number;
  limit: number;
}
