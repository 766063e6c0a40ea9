import { describe, expect, it } from 'vitest';
import { untilInstalled } from './register-service-worker';

describe('untilInstalled: a worker whose install failed is tried again', () => {
  it('tries again after 5 s, then twice as long each time up to 5 minutes, until one try installs', async () => {
    const outcomes: Array<string | null> = [null, null, null, null, null, null, null, null, 'installed'];
    const waits: number[] = [];
    let tries = 0;
    const installed = await untilInstalled(
      () => Promise.resolve(outcomes[tries++]),
      (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    );
    expect(installed).toBe('installed');
    expect(tries).toBe(9);
    expect(waits).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
  });

  it('a first try that installs waits for nothing', async () => {
    const waits: number[] = [];
    await expect(
      untilInstalled(
        () => Promise.resolve(1),
        (ms) => Promise.resolve(void waits.push(ms)),
      ),
    ).resolves.toBe(1);
    expect(waits).toEqual([]);
  });

  it('a refusal that trying again cannot help is thrown, not tried again', async () => {
    let tries = 0;
    await expect(
      untilInstalled(
        () => {
          tries++;
          return Promise.reject(new DOMException('insecure', 'SecurityError'));
        },
        () => Promise.resolve(),
      ),
    ).rejects.toThrow('insecure');
    expect(tries).toBe(1);
  });
});
