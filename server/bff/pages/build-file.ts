import { stat } from 'node:fs/promises';

/**
 * A value made from a file of the build, made again whenever the file changes on disk, so a build written while the
 * BFF runs is used at once. Undefined while the file is missing (no build yet) or when `make` finds nothing to make.
 */
export function fromBuildFile<T>(
  file: string,
  make: (file: string, mtimeMs: number) => Promise<T | undefined>,
): () => Promise<T | undefined> {
  let made: { mtimeMs: number; value: Promise<T | undefined> } | undefined;
  return async () => {
    const mtimeMs = await stat(file).then(
      (info) => info.mtimeMs,
      () => -1,
    );
    if (made?.mtimeMs !== mtimeMs)
      made = { mtimeMs, value: mtimeMs === -1 ? Promise.resolve(undefined) : make(file, mtimeMs) };
    return made.value;
  };
}
