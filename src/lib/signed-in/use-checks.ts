import { useState } from 'react';

/** What a form's own check finds: each field's message, by the field's name. */
export type Findings = ReadonlyMap<string, string> | Readonly<Partial<Record<string, string>>>;

const asMap = (found: Findings): Map<string, string> =>
  found instanceof Map
    ? new Map<string, string>(found)
    : new Map(Object.entries(found).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

/**
 * A form's own checks as its fields show them (the API checks everything again and names what it refuses): nothing
 * until a submit is tried, then worked out again from what is typed at every render, so an error goes as soon as
 * its field is right, and a field made wrong again says so at once. `check` reads the form's current values.
 */
export function useChecks(check: () => Findings) {
  const [tried, setTried] = useState(false);
  return {
    errors: tried ? asMap(check()) : new Map<string, string>(),
    /** a submit: the errors show from now on; true when there are none and the form may send */
    passes: () => {
      setTried(true);
      return asMap(check()).size === 0;
    },
    /** the form is empty again (a new one after a save): nothing shows until the next try */
    reset: () => setTried(false),
  };
}
