/**
 * A WAV for Chromium's fake microphone (`--use-file-for-fake-audio-capture`): a voice-like tone, its loudness
 * rising and falling a few times a second, so the level meter moves and the recording is never silence. Made by the
 * test itself (nothing downloaded); Chromium plays it in a loop.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function fakeMicrophoneWav(seconds = 12, rate = 48_000): string {
  const samples = seconds * rate;
  const data = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index += 1) {
    const t = index / rate;
    const envelope = 0.35 + 0.25 * Math.sin(2 * Math.PI * 3 * t);
    const voice = Math.sin(2 * Math.PI * 180 * t) + 0.5 * Math.sin(2 * Math.PI * 360 * t + 0.3);
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, envelope * voice * 0.6)) * 32_000), index * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  const file = path.join(tmpdir(), `fake-microphone-${process.pid}.wav`);
  writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

/**
 * Chromium's switches for a microphone that plays `wav` with no permission prompt; `autoplay` lets a page play a
 * recording back without a tap first (the specs that play one).
 */
export function fakeMicrophoneArgs(wav: string, { autoplay = false } = {}): string[] {
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
    ...(autoplay ? ['--autoplay-policy=no-user-gesture-required'] : []),
  ];
}
