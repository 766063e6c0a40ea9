import { useMemo, useState } from 'react';
import type { HandedLink } from './users-password-link';

/** Whether the link was copied: by the page's button, not (the clipboard refused: the link is selected), or not yet. */
export type CopyOutcome = 'yes' | 'no' | null;

/** A one-time link the page holds, with whether it was copied. */
export interface HeldLink {
  handed: HandedLink;
  copied: CopyOutcome;
}

/** The one-time links a page holds, by user, and what may be done to them. */
export interface HandedLinks {
  held: ReadonlyMap<number, HeldLink>;
  hand: (handed: HandedLink) => void;
  copied: (userId: number, outcome: CopyOutcome) => void;
  dismiss: (userId: number) => void;
}

/**
 * Every one-time link made on a page, by user, until dismissed: the next person added takes none of them away.
 * Whether a link was copied is held here too, not in the link's own component: a new user's link shows above the
 * list until the list is read again, then moves under the user's row, and that move mounts a new component. Had the
 * component kept it, a Copy pressed before the list came back would lose its "Copied." (as on a slow network).
 */
export function useHandedLinks(): HandedLinks {
  const [held, setHeld] = useState<ReadonlyMap<number, HeldLink>>(new Map());
  return useMemo(() => {
    const change = (edit: (links: Map<number, HeldLink>) => void) =>
      setHeld((current) => {
        const copy = new Map(current);
        edit(copy);
        return copy;
      });
    return {
      held,
      hand: (handed) => change((links) => links.set(handed.user.id, { handed, copied: null })),
      copied: (userId, outcome) =>
        change((links) => {
          const link = links.get(userId);
          if (link) links.set(userId, { ...link, copied: outcome });
        }),
      dismiss: (userId) => change((links) => links.delete(userId)),
    };
  }, [held]);
}
