/**
 * Calls `fn` at most once per `ms`, with a trailing call so the last event (the scroll
 * position the reader stopped at) is never lost. `cancel` drops a pending trailing call.
 */
export function throttle(fn: () => void, ms: number): { run: () => void; cancel: () => void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    last = Date.now();
    timer = undefined;
    fn();
  };
  return {
    run() {
      const wait = ms - (Date.now() - last);
      if (wait <= 0) fire();
      else timer ??= setTimeout(fire, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
