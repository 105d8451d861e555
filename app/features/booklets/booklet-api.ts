import { apiFetch } from '~/lib/api-client.ts';
import type { BookletCard, BookletDetail, BoughtBooklet, SectionBrief, SectionReading } from './types.ts';

export interface BookletPage {
  list: BookletCard[];
  pointer: string | null;
}

export function fetchLatest(category: string | undefined, before: string) {
  const params = new URLSearchParams({ before });
  if (category) params.set('category', category);
  return apiFetch<BookletPage>(`/api/xiaoce/getListByLastTime?${params}`);
}

export function fetchBought(before: string) {
  return apiFetch<{ list: BoughtBooklet[]; pointer: string | null }>(
    `/api/xiaoce/getListBuy?before=${encodeURIComponent(before)}`,
  );
}

/** Counts a view of the booklet page (a GET write: the browser's own fetch). */
export function countBookletView(id: string) {
  return apiFetch<{ counted: boolean; viewCount: number }>(`/api/xiaoce/viewCountDetail?id=${id}`);
}

/** Counts a view of a section and, for a reader who may read it, remembers it as their place. */
export function countSectionView(sectionId: string) {
  return apiFetch<{ counted: boolean; viewCount: number }>(`/api/xiaoce/viewCountContent?sectionId=${sectionId}`);
}

export interface BookletFields {
  title: string;
  summary: string;
  description: string;
  img: string;
  category: string;
  price: number;
  isFinished: boolean;
}

export function createBooklet(fields: BookletFields) {
  return apiFetch<BookletDetail>('/api/xiaoce/create', { json: fields });
}

export function updateBooklet(id: string, fields: Partial<BookletFields>) {
  return apiFetch<BookletDetail>('/api/xiaoce/update', { json: { id, ...fields } });
}

export function createSection(bookletId: string, fields: { title: string; content?: string; isFree?: boolean }) {
  return apiFetch<SectionReading>('/api/xiaoce/section/create', { json: { bookletId, ...fields } });
}

export function updateSection(sectionId: string, fields: { title?: string; content?: string; isFree?: boolean }) {
  return apiFetch<SectionReading>('/api/xiaoce/section/update', { json: { sectionId, ...fields } });
}

export function publishSection(sectionId: string, publish: boolean) {
  return apiFetch<SectionReading>('/api/xiaoce/section/publish', { json: { sectionId, publish } });
}

export function moveSection(sectionId: string, position: number) {
  return apiFetch<{ sections: SectionBrief[] }>('/api/xiaoce/section/move', { json: { sectionId, position } });
}

export function deleteSection(sectionId: string) {
  return apiFetch<{ sectionId: string; bookletId: string }>('/api/xiaoce/section/delete', { json: { sectionId } });
}

export function fetchSection(sectionId: string) {
  return apiFetch<SectionReading>(`/api/xiaoce/getSection?sectionId=${sectionId}`);
}

export function submitBooklet(id: string) {
  return apiFetch<BookletDetail>('/api/xiaoce/submit', { json: { id } });
}

export function approveBooklet(id: string) {
  return apiFetch<BookletDetail>('/api/xiaoce/approve', { json: { id } });
}

export function setBookletFlag(id: string, flag: 'isHot' | 'isTop', value: boolean) {
  return apiFetch<{ id: string }>(`/api/xiaoce/${flag}`, { json: { id, [flag]: value } });
}
