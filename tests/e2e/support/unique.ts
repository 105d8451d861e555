let sequence = 0;

/** A short string no other journey (nor an earlier run on the same database) uses: for new names and addresses. */
export function unique(): string {
  sequence += 1;
  return `${Date.now().toString(36).slice(-6)}${sequence}${Math.floor(Math.random() * 1000)}`;
}
