export type {
  BookletCard,
  BookletDetail,
  BoughtBooklet,
  ReadingProgress,
  SectionBrief,
  SectionReading,
} from '@server/modules/booklets/booklets.service.ts';
