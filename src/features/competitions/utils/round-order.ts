import type { DivisionRoundScores } from './recap-types';

/**
 * A championship's recap with its latest round first: finals, then semifinals, then prelims, each round's divisions
 * in the recap's own order. Readers come for the finals; on a phone seven prelims sections above them were some
 * thirty screens to scroll. A recap of one round keeps its order.
 */
export function latestRoundFirst(sections: readonly DivisionRoundScores[]): DivisionRoundScores[] {
  // Array.prototype.sort is stable: within a round the divisions keep their order.
  return [...sections].sort((a, b) => b.round.number - a.round.number);
}

export const roundCount = (sections: readonly DivisionRoundScores[]) =>
  new Set(sections.map((section) => section.round.number)).size;
