import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useKeptForOffline } from './use-kept-for-offline';

/** A browser's service worker container as the hook reads it: a controller, and the event when it changes. */
class FakeContainer extends EventTarget {
  controller: object | null = null;
}

const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'serviceWorker');
const setContainer = (container: FakeContainer | undefined) =>
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  if (original) Object.defineProperty(Navigator.prototype, 'serviceWorker', original);
});

describe('useKeptForOffline', () => {
  it('says not yet until a worker controls the page, then kept', () => {
    const container = new FakeContainer();
    setContainer(container);
    const { result } = renderHook(() => useKeptForOffline(true));
    expect(result.current).toBe('not-yet');
    act(() => {
      container.controller = {};
      container.dispatchEvent(new Event('controllerchange'));
    });
    expect(result.current).toBe('kept');
  });

  it('says kept at once on a page the worker already controls', () => {
    const container = new FakeContainer();
    container.controller = {};
    setContainer(container);
    expect(renderHook(() => useKeptForOffline(true)).result.current).toBe('kept');
  });

  it('says nothing where no worker is registered (development)', () => {
    const container = new FakeContainer();
    container.controller = {};
    setContainer(container);
    expect(renderHook(() => useKeptForOffline(false)).result.current).toBeUndefined();
  });

  it('says unsupported where the browser has no service worker', () => {
    setContainer(undefined);
    expect(renderHook(() => useKeptForOffline(true)).result.current).toBe('unsupported');
  });
});
