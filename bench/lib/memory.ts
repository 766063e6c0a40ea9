/**
 * This process's resident memory, sampled while something runs: where the API is in-process (startTestApi), what
 * it holds. Sampled often enough to see a recording held whole (a few MB a judge) for a moment.
 */
const SAMPLE_EVERY_MS = 100;

export interface MemorySample {
  /** resident set size when sampling began, MB */
  beforeMb: number;
  /** the most it reached while sampling, MB */
  maxMb: number;
}

export function sampleMemory(): { stop(): MemorySample } {
  const mb = () => process.memoryUsage.rss() / (1024 * 1024);
  const beforeMb = mb();
  let maxMb = beforeMb;
  const timer = setInterval(() => (maxMb = Math.max(maxMb, mb())), SAMPLE_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      return { beforeMb, maxMb: Math.max(maxMb, mb()) };
    },
  };
}
