// The parts of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    /** Each request may be changed before it is sent (its path, say). */
    requests?: Array<{
      setupRequest: (request: { path: string; headers?: Record<string, string> }) => {
        path: string;
        headers?: Record<string, string>;
      };
    }>;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
