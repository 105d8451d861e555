import type { CSSProperties, SVGProps } from 'react';
import sprite from './icons.svg?url';

/**
 * The lucide icons the app uses, drawn from one sprite (app/ui/icons.svg, a hashed asset the
 * browser caches): each icon is `<svg><use href="…#name"/></svg>`, some 90 bytes, instead of its
 * whole path data inline on every row. `.icon` in app.css strokes them as lucide does (round
 * joins, currentColor, 1.75); `fill` and `strokeWidth` differ per icon through its style. Same
 * names and props as lucide-react. To add one: a line below, then `npm run icons`.
 */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'ref' | 'fill' | 'strokeWidth'> {
  size?: number | string;
  strokeWidth?: number | string;
  fill?: string;
  fillOpacity?: number | string;
}

/** What .icon draws unless an icon says otherwise. */
const DEFAULT_STROKE = 1.75;

/** One icon of the sprite by its lucide name. */
export function SpriteIcon({
  name,
  size = 24,
  strokeWidth,
  fill,
  fillOpacity,
  className,
  style,
  ...rest
}: IconProps & { name: string }) {
  const ownStroke = strokeWidth !== undefined && Number(strokeWidth) !== DEFAULT_STROKE ? strokeWidth : undefined;
  const ownFill = fill && fill !== 'none' ? fill : undefined;
  const own: CSSProperties | undefined =
    ownFill !== undefined || fillOpacity !== undefined || ownStroke !== undefined
      ? { ...style, fill: ownFill, fillOpacity, strokeWidth: ownStroke }
      : style;
  return (
    <svg
      aria-hidden="true"
      {...rest}
      width={size}
      height={size}
      className={className ? `icon ${className}` : 'icon'}
      style={own}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

export const ArrowUp = (props: IconProps) => <SpriteIcon name="arrow-up" {...props} />;
export const Bell = (props: IconProps) => <SpriteIcon name="bell" {...props} />;
export const BookOpen = (props: IconProps) => <SpriteIcon name="book-open" {...props} />;
export const CalendarDays = (props: IconProps) => <SpriteIcon name="calendar-days" {...props} />;
export const ChartLine = (props: IconProps) => <SpriteIcon name="chart-line" {...props} />;
export const Check = (props: IconProps) => <SpriteIcon name="check" {...props} />;
export const ChevronDown = (props: IconProps) => <SpriteIcon name="chevron-down" {...props} />;
export const ChevronLeft = (props: IconProps) => <SpriteIcon name="chevron-left" {...props} />;
export const ChevronRight = (props: IconProps) => <SpriteIcon name="chevron-right" {...props} />;
export const CircleAlert = (props: IconProps) => <SpriteIcon name="circle-alert" {...props} />;
export const CircleCheck = (props: IconProps) => <SpriteIcon name="circle-check" {...props} />;
export const CircleX = (props: IconProps) => <SpriteIcon name="circle-x" {...props} />;
export const Clock = (props: IconProps) => <SpriteIcon name="clock" {...props} />;
export const CodeXml = (props: IconProps) => <SpriteIcon name="code-xml" {...props} />;
export const Copy = (props: IconProps) => <SpriteIcon name="copy" {...props} />;
export const Download = (props: IconProps) => <SpriteIcon name="download" {...props} />;
export const ExternalLink = (props: IconProps) => <SpriteIcon name="external-link" {...props} />;
export const Eye = (props: IconProps) => <SpriteIcon name="eye" {...props} />;
export const FileText = (props: IconProps) => <SpriteIcon name="file-text" {...props} />;
export const Flame = (props: IconProps) => <SpriteIcon name="flame" {...props} />;
export const FolderHeart = (props: IconProps) => <SpriteIcon name="folder-heart" {...props} />;
export const FolderPlus = (props: IconProps) => <SpriteIcon name="folder-plus" {...props} />;
export const Headset = (props: IconProps) => <SpriteIcon name="headset" {...props} />;
export const ImagePlus = (props: IconProps) => <SpriteIcon name="image-plus" {...props} />;
export const Info = (props: IconProps) => <SpriteIcon name="info" {...props} />;
export const Library = (props: IconProps) => <SpriteIcon name="library" {...props} />;
export const Link2 = (props: IconProps) => <SpriteIcon name="link-2" {...props} />;
export const List = (props: IconProps) => <SpriteIcon name="list" {...props} />;
export const Lock = (props: IconProps) => <SpriteIcon name="lock" {...props} />;
export const LogOut = (props: IconProps) => <SpriteIcon name="log-out" {...props} />;
export const Mail = (props: IconProps) => <SpriteIcon name="mail" {...props} />;
export const MapPin = (props: IconProps) => <SpriteIcon name="map-pin" {...props} />;
export const MessageCircle = (props: IconProps) => <SpriteIcon name="message-circle" {...props} />;
export const MessageSquare = (props: IconProps) => <SpriteIcon name="message-square" {...props} />;
export const Monitor = (props: IconProps) => <SpriteIcon name="monitor" {...props} />;
export const Moon = (props: IconProps) => <SpriteIcon name="moon" {...props} />;
export const Newspaper = (props: IconProps) => <SpriteIcon name="newspaper" {...props} />;
export const PenLine = (props: IconProps) => <SpriteIcon name="pen-line" {...props} />;
export const Pencil = (props: IconProps) => <SpriteIcon name="pencil" {...props} />;
export const Plus = (props: IconProps) => <SpriteIcon name="plus" {...props} />;
export const Puzzle = (props: IconProps) => <SpriteIcon name="puzzle" {...props} />;
export const QrCode = (props: IconProps) => <SpriteIcon name="qr-code" {...props} />;
export const Radio = (props: IconProps) => <SpriteIcon name="radio" {...props} />;
export const RefreshCw = (props: IconProps) => <SpriteIcon name="refresh-cw" {...props} />;
export const Rss = (props: IconProps) => <SpriteIcon name="rss" {...props} />;
export const Search = (props: IconProps) => <SpriteIcon name="search" {...props} />;
export const Settings = (props: IconProps) => <SpriteIcon name="settings" {...props} />;
export const Share2 = (props: IconProps) => <SpriteIcon name="share-2" {...props} />;
export const ShoppingBag = (props: IconProps) => <SpriteIcon name="shopping-bag" {...props} />;
export const Smartphone = (props: IconProps) => <SpriteIcon name="smartphone" {...props} />;
export const Star = (props: IconProps) => <SpriteIcon name="star" {...props} />;
export const Sun = (props: IconProps) => <SpriteIcon name="sun" {...props} />;
export const Tags = (props: IconProps) => <SpriteIcon name="tags" {...props} />;
export const ThumbsUp = (props: IconProps) => <SpriteIcon name="thumbs-up" {...props} />;
export const Trash2 = (props: IconProps) => <SpriteIcon name="trash-2" {...props} />;
export const TriangleAlert = (props: IconProps) => <SpriteIcon name="triangle-alert" {...props} />;
export const UserRound = (props: IconProps) => <SpriteIcon name="user-round" {...props} />;
export const Wallet = (props: IconProps) => <SpriteIcon name="wallet" {...props} />;
export const X = (props: IconProps) => <SpriteIcon name="x" {...props} />;
export const Zap = (props: IconProps) => <SpriteIcon name="zap" {...props} />;
