import { type ComponentType, createContext, useContext } from 'react';

/**
 * Widgets one feature shows inside another's: the collections feature's 收藏 button in an entry
 * row and the article bar, the users feature's 关注 button in the article header, the comments
 * feature's list under a pin, the sharing feature's 分享 menu. Features never import each other (docs/decisions/004); the root
 * route composes them here, once, and a feature asks for the widget by its slot.
 */
export interface FeatureSlots {
  CollectButton: ComponentType<{ entryId: string; checkOnMount?: boolean }>;
  /** 收藏's dialog for an entry, for rows whose button is server markup (the feed lists). */
  CollectDialog: ComponentType<{
    entryId: string;
    open: boolean;
    onOpenChange: (open: boolean) => void;
    onCollected: (collected: boolean) => void;
  }>;
  FollowButton: ComponentType<{ userId: string; username?: string; className?: string }>;
  CommentSection: ComponentType<{
    targetType: 'pin';
    targetId: string;
    count?: number;
    className?: string;
    compact?: boolean;
    onCountChange?: (count: number) => void;
  }>;
  /** The moderation feature's 举报 (a reason from the list and a text). */
  ReportButton: ComponentType<{
    targetType: 'entry' | 'comment' | 'pin' | 'repo' | 'user';
    targetId: string;
    variant?: 'bar' | 'row' | 'inline';
    className?: string;
  }>;
  /** The moderation feature's mark on hidden content in a list (the reason; the author's 申诉). */
  HiddenMark: ComponentType<{ targetType: 'comment' | 'pin'; targetId: string; reason: string; canAppeal: boolean }>;
  /** The sharing feature's 分享 (copy link, Weibo, WeChat QR, the phone's share sheet). */
  ShareButton: ComponentType<{
    path: string;
    title: string;
    text?: (url: string) => string;
    description?: string;
    image?: string;
    wechatCard?: boolean;
    variant?: 'bar' | 'row';
  }>;
}

const FeatureSlotsContext = createContext<FeatureSlots | null>(null);

export const FeatureSlotsProvider = FeatureSlotsContext.Provider;

export function useFeatureSlots(): FeatureSlots {
  const slots = useContext(FeatureSlotsContext);
  if (!slots) throw new Error('useFeatureSlots needs the FeatureSlotsProvider of app/root.tsx');
  return slots;
}
