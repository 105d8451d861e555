/**
 * The wordmark: public/logo.svg used as a mask over the brand colour, so one drawing serves
 * both themes (amber #B45309 light, #F59E0B dark). Decorative here; the link around it is named.
 */
export function Logo() {
  return (
    <span
      aria-hidden
      className="block h-7 w-[77px] bg-brand forced-color-adjust-none [mask:url(/logo.svg)_left_center/contain_no-repeat]"
    />
  );
}
