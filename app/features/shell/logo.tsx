/**
 * The wordmark: public/logo.svg used as a mask over the brand colour, so one drawing serves
 * both themes (amber #B45309 light, #F59E0B dark). Decorative here; the link around it is named.
 */
export function Logo() {
  return <span aria-hidden className="logo" />;
}
