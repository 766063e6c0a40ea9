import { expect, it } from 'vitest';
import { startByteProgress } from '../../server/cli/progress.js';

const MB = 1024 * 1024;

function clockAndLog() {
  let time = 0;
  const lines: string[] = [];
  return {
    now: () => time,
    advance: (ms: number) => (time += ms),
    stream: { isTTY: false, write: (text: string) => lines.push(text) },
    lines,
  };
}

it('says nothing of work done within a moment', () => {
  const { now, advance, stream, lines } = clockAndLog();
  const progress = startByteProgress({ now, stream, afterMs: 1_000 });
  progress.update(0, 40 * MB);
  progress.update(10 * MB, 40 * MB);
  advance(900);
  progress.update(40 * MB, 40 * MB);
  progress.finish();
  expect(lines).toEqual([]);
});

it('counts megabytes of longer work from its start, at most every 2 s in a log, and always its end', () => {
  const { now, advance, stream, lines } = clockAndLog();
  const progress = startByteProgress({ now, stream, afterMs: 1_000 });
  progress.update(0, 40 * MB);
  progress.update(2 * MB, 40 * MB);
  advance(1_000);
  progress.update(4 * MB, 40 * MB);
  advance(1_000);
  progress.update(10 * MB, 40 * MB);
  advance(1_000);
  progress.update(30 * MB + 1, 40 * MB);
  advance(1_000);
  progress.update(40 * MB, 40 * MB);
  progress.finish();
  expect(lines).toEqual([
    '5 of 40 MB, 2.5 MB/s, 0:14 left\n',
    '31 of 40 MB, 7.8 MB/s, 0:01 left\n',
    '40 of 40 MB, 10.0 MB/s, 0:04 in all\n',
  ]);
});
