/**
 * The order the judge's keystrokes are typed in on /judge (judge-keystroke.ts): blocks of rounds, each typed while the
 * page records and uploads or not. Every block types the same rounds (the same digits, so the same scores and ranks),
 * so the two sides differ only in the recording.
 *
 * The commentary part's ratio compares the two sides of one page session, so their order is what keeps the machine's
 * drift (another process starting, the page's own DOM growing with each finished recording) out of it: pairs of
 * blocks in ABBA order (not recording then recording, then recording then not), so a drift over the run falls on
 * both sides alike. A block of each is typed first and not counted: the first recording's opening of the microphone
 * and the code each side runs for the first time (decision 144, Dec 4 later: with 32 keystrokes a side in four
 * blocks, warm-up counted, a run's ratio moved by 0.1x to 0.2x).
 */
import { median, percentile } from '../lib/stats.js';

export interface KeystrokeBlock {
  /** the rounds typed, in order: two digits on each of the two lines a round (digitsOf in judge-keystroke.ts) */
  rounds: readonly number[];
  recording: boolean;
  /** false: typed to warm the page up, not reported */
  counted: boolean;
}

function roundsUpTo(count: number): number[] {
  return Array.from({ length: count }, (_, round) => round);
}

/** The tablet part: its 16 rounds in one block, not recording (as decision 108 measured it). */
export const TABLET_BLOCKS: readonly KeystrokeBlock[] = [{ rounds: roundsUpTo(16), recording: false, counted: true }];

/**
 * Rounds a block: 24 keystrokes, some 6 s of typing, so each recording block spans at least one of the outbox's sends
 * (every 5 s while recording, recorder.ts) besides its four pieces a second.
 */
export const RECORDING_BLOCK_ROUNDS = 6;
/** ABBA pairs of blocks: 192 keystrokes a side, in 8 recordings (about two and a half minutes of typing). */
export const RECORDING_PAIRS = 8;
const WARM_UP_ROUNDS = 2;

/**
 * The commentary part: a warm-up block of each side, then RECORDING_PAIRS pairs, every other pair recording first.
 * The warm-up types a block's last rounds, so every counted block starts from the same numbers in the fields.
 */
export function recordingBlocks(pairs = RECORDING_PAIRS, blockRounds = RECORDING_BLOCK_ROUNDS): KeystrokeBlock[] {
  const rounds = roundsUpTo(blockRounds);
  const warmUp = rounds.slice(-WARM_UP_ROUNDS);
  const blocks: KeystrokeBlock[] = [
    { rounds: warmUp, recording: false, counted: false },
    { rounds: warmUp, recording: true, counted: false },
  ];
  for (let pair = 0; pair < pairs; pair++) {
    const recordingFirst = pair % 2 === 1;
    blocks.push({ rounds, recording: recordingFirst, counted: true });
    blocks.push({ rounds, recording: !recordingFirst, counted: true });
  }
  return blocks;
}

/** One counted block's keystrokes, as typed. */
export interface TypedBlock {
  recording: boolean;
  keystrokeMs: number[];
}

/** What the blocks say beside the pooled medians: each pair's ratio (recording over not), and the p95s' ratio. */
export interface BlocksSummary {
  /** each block's median, in the order typed */
  blockMedians: { recording: boolean; medianMs: number }[];
  /** each pair's recording block median over its not-recording block's */
  pairRatios: number[];
  /** the p95 of the recording side over the not-recording side's (pooled), not budgeted */
  p95Ratio: number;
}

export function summarizeBlocks(blocks: readonly TypedBlock[]): BlocksSummary {
  const blockMedians = blocks.map((block) => ({ recording: block.recording, medianMs: median(block.keystrokeMs) }));
  const pairRatios: number[] = [];
  for (let i = 0; i + 1 < blockMedians.length; i += 2) {
    const [a, b] = [blockMedians[i], blockMedians[i + 1]];
    if (a.recording === b.recording) continue;
    const [recording, not] = a.recording ? [a, b] : [b, a];
    pairRatios.push(recording.medianMs / not.medianMs);
  }
  const side = (recording: boolean) =>
    blocks.filter((block) => block.recording === recording).flatMap((block) => block.keystrokeMs);
  return { blockMedians, pairRatios, p95Ratio: percentile(side(true), 95) / percentile(side(false), 95) };
}

/**
 * The blocks in words: each block's median, each pair's ratio and the p95s' ratio beside the budgeted medians' (a
 * pair is some 15 s of typing: their spread says how much the machine moved from one pair to the next).
 */
export function blocksText(summary: BlocksSummary & { warmUpBlocks: number }): string {
  const blocks = summary.blockMedians.map((block) => `${block.medianMs.toFixed(0)}${block.recording ? 'r' : ''}`);
  const ratios = summary.pairRatios.map((ratio) => ratio.toFixed(2));
  return `${summary.blockMedians.length} blocks in ABBA pairs after ${summary.warmUpBlocks} of warm-up (not counted), their medians in ms (r: recording) ${blocks.join(', ')}; each pair's ratio ${ratios.join(', ')} (median ${median(summary.pairRatios).toFixed(2)}x); p95 recording over not ${summary.p95Ratio.toFixed(2)}x (not budgeted)`;
}
