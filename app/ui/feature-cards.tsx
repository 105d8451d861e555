import type { ComponentType } from 'react';
import type { IconProps } from '~/ui/icons.tsx';

export interface FeatureCard {
  icon: ComponentType<IconProps>;
  title: string;
  text: string;
}

/** A promotion page's selling points: a card each with an icon, a heading and a line. */
export function FeatureCards({ features, className }: { features: FeatureCard[]; className: string }) {
  return (
    <ul className={className}>
      {features.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded border border-line p-4">
          <Icon aria-hidden className="size-5 text-brand" />
          <h2 className="mt-2 font-semibold">{title}</h2>
          <p className="mt-1 text-[13px] text-fg-2">{text}</p>
        </li>
      ))}
    </ul>
  );
}
