import { parseArgs } from 'node:util';
import { UsageError } from './errors.js';

type FlagSpec = Record<string, { multiple?: boolean; required?: boolean; boolean?: boolean }>;
type Flags<S extends FlagSpec> = {
  [K in keyof S]: S[K]['boolean'] extends true
    ? boolean
    : S[K]['multiple'] extends true
      ? string[]
      : string | undefined;
};

/** Parses `--flag value` options strictly: unknown flags, stray arguments and missing required flags are usage errors. */
export function parseFlags<S extends FlagSpec>(args: string[], spec: S, usage: string): Flags<S> {
  let values: Record<string, string | string[] | undefined>;
  try {
    const options = Object.fromEntries(
      Object.entries(spec).map(([name, flag]) => [
        name,
        { type: flag.boolean ? ('boolean' as const) : ('string' as const), multiple: flag.multiple ?? false },
      ]),
    );
    ({ values } = parseArgs({ args, options, strict: true, allowPositionals: false }) as { values: typeof values });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0], usage);
  }
  for (const [name, flag] of Object.entries(spec)) {
    const value = values[name];
    if (flag.required && (value === undefined || (typeof value === 'string' && value.trim() === ''))) {
      throw new UsageError(`--${name} is required`, usage);
    }
    if (flag.multiple && value === undefined) values[name] = [];
    // a boolean flag is a switch: present is true, absent false
    if (flag.boolean) (values as Record<string, unknown>)[name] = (value as unknown) === true;
  }
  return values as Flags<S>;
}
