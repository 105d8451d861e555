export type {
  BookletCard,
  BookletDetail,
  BookletReview,
  BoughtBooklet,
  ReadingProgress,
  SectionBrief,
  SectionReading,
} from '@server/modules/booklets/booklets.service.ts';
