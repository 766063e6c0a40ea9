/**
 * The tablet's heartbeat (decision 128's POST /me/tablet): every few seconds while the judge's page is open and
 * online, what the tabulator's status page shows of it: the device in words, the page's build, the battery, what
 * waits to be sent, what it records now, the microphone.
 */
import { postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { commentaryBridge } from './commentary-bridge';

export type TabletReport = components['schemas']['TabletReport'];

export const HEARTBEAT_EVERY_MS = 4_000;
const DEVICE_ID_KEY = 'judge-device-id';

/** A random id kept on the device, so two tablets of one judge are two rows of the status page. */
export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage): string {
  const saved = storage?.getItem(DEVICE_ID_KEY);
  if (saved && /^[\w-]{8,64}$/.test(saved)) return saved;
  const made = crypto.randomUUID();
  storage?.setItem(DEVICE_ID_KEY, made);
  return made;
}

/** "Safari 18 on iPadOS", "Chrome 131 on Android": the browser and system in words, from the user agent. */
export function deviceInWords(userAgent: string, touchPoints = 0): string {
  const version = (pattern: RegExp) => pattern.exec(userAgent)?.[1] ?? '';
  const browser = /Edg\//.test(userAgent)
    ? `Edge ${version(/Edg\/(\d+)/)}`
    : /Firefox\//.test(userAgent)
      ? `Firefox ${version(/Firefox\/(\d+)/)}`
      : /(Chrome|CriOS)\//.test(userAgent)
        ? `Chrome ${version(/(?:Chrome|CriOS)\/(\d+)/)}`
        : /Safari\//.test(userAgent)
          ? `Safari ${version(/Version\/(\d+)/)}`
          : 'A browser';
  const system =
    /iPad/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1)
      ? 'iPadOS'
      : /iPhone/.test(userAgent)
        ? 'iOS'
        : /Android/.test(userAgent)
          ? 'Android'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Windows/.test(userAgent)
              ? 'Windows'
              : /Macintosh/.test(userAgent)
                ? 'macOS'
                : /Linux/.test(userAgent)
                  ? 'Linux'
                  : 'an unknown system';
  return `${browser.trim()} on ${system}`.slice(0, 120);
}

interface BatteryManager {
  level: number;
  charging: boolean;
}

async function battery(): Promise<TabletReport['battery']> {
  const getBattery = (navigator as Navigator & { getBattery?: () => Promise<BatteryManager> }).getBattery;
  if (!getBattery) return null;
  try {
    const { level, charging } = await getBattery.call(navigator);
    return { level: Math.round(level * 100) / 100, charging };
  } catch {
    return null;
  }
}

/** What the tablet says of itself now. */
export async function tabletReport(entriesWaiting: number, competitionId: number | undefined): Promise<TabletReport> {
  const commentary = commentaryBridge.get()?.report();
  return {
    deviceId: deviceId(),
    device: deviceInWords(navigator.userAgent, navigator.maxTouchPoints),
    build: import.meta.env.VITE_APP_BUILD ?? 'dev',
    battery: await battery(),
    entriesWaiting,
    audioWaiting: commentary?.audioWaiting ?? { count: 0, bytes: 0 },
    recording: commentary?.recording ?? null,
    microphone: commentary?.microphone ?? 'off',
    storage: commentary?.storage ?? null,
    ...(competitionId === undefined ? {} : { competitionId }),
  };
}

export async function sendTabletReport(report: TabletReport): Promise<void> {
  await postAsUser('/me/tablet', { body: report });
}
