import { format } from 'node:util';
import { afterEach } from 'vitest';

/**
 * A test fails on any console.error (house rule): the call throws where it happens, and because
 * code under test may swallow that, the test also fails afterwards if any call was made.
 */
let reported: string[] = [];

console.error = (...args: unknown[]) => {
  const message = format(...args);
  reported.push(message);
  throw new Error(`console.error was called: ${message}`);
};

afterEach(() => {
  const calls = reported;
  reported = [];
  if (calls.length > 0) throw new Error(`console.error was called during the test:\n${calls.join('\n')}`);
});
