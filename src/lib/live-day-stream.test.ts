import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeLiveDay } from './live-day-stream';

/** The browser's EventSource as far as the day's stream uses it: the test says what the server sends. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  say(type: 'ready' | 'change' | 'end', data: object) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const A = '0b5d6f1e-3c2a-4e8b-9f10-6a7b8c9d0e1f';
const B = '1c6e7a2f-4d3b-4f9c-8a21-7b8c9d0e1f20';

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('subscribeLiveDay', () => {
  it('opens one stream for all the competitions and tells each change by its competition', () => {
    const changed: string[] = [];
    const stop = subscribeLiveDay([A, B], (guid) => changed.push(guid));
    expect(FakeEventSource.opened).toHaveLength(1);
    const [source] = FakeEventSource.opened;
    expect(new URL(source.url, 'https://app.example').searchParams.get('competitions')).toBe(`${A},${B}`);
    source.say('ready', { guid: A, version: 'a1' });
    source.say('ready', { guid: B, version: 'b1' });
    expect(changed, 'a first ready is what the page read anyway').toEqual([]);
    source.say('change', { guid: B, version: 'b2' });
    // a reconnect after a drop: A changed meanwhile, B did not
    source.say('ready', { guid: A, version: 'a2' });
    source.say('ready', { guid: B, version: 'b2' });
    source.say('change', { nonsense: true });
    expect(changed).toEqual([B, A]);
    stop();
    expect(source.closed).toBe(true);
  });

  it('closes the stream once every competition has ended, not before', () => {
    subscribeLiveDay([A, B], () => undefined);
    const [source] = FakeEventSource.opened;
    source.say('end', { guid: A, reason: 'not_found' });
    expect(source.closed).toBe(false);
    source.say('end', { guid: B, reason: 'not_live' });
    expect(source.closed).toBe(true);
  });

  it('tells a change made while a new set of competitions reopened the stream, from the versions kept', () => {
    const changed: string[] = [];
    const versions = new Map<string, string>();
    const stop = subscribeLiveDay([A], (guid) => changed.push(guid), versions);
    FakeEventSource.opened[0].say('ready', { guid: A, version: 'a1' });
    stop();
    subscribeLiveDay([A, B], (guid) => changed.push(guid), versions);
    FakeEventSource.opened[1].say('ready', { guid: A, version: 'a2' });
    FakeEventSource.opened[1].say('ready', { guid: B, version: 'b1' });
    expect(changed).toEqual([A]);
  });
});
