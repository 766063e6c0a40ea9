import type { DivisionRoundScores } from '../utils/recap-types';
import { sectionId } from '../utils/scores-lookup';

/**
 * Links to each section's heading (RecapSections gives it the id `section-<sectionId>`): on a phone a long recap is
 * some screens per division, and the reader comes for one. Plain in-page links: they work by keyboard, a screen
 * reader lists them as a navigation landmark, and they need no script, so they work before the page hydrates.
 */
export function DivisionJump({ sections }: { sections: DivisionRoundScores[] }) {
  // One section is the whole page: nothing to jump to.
  if (sections.length < 2) return null;
  return (
    <nav aria-labelledby="division-jump" className="my-3 print:hidden">
      <p id="division-jump" className="text-sm font-semibold text-slate-700 dark:text-slate-300">
        Jump to a division
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {sections.map((section) => (
          <li key={sectionId(section)}>
            <a className="link inline-block py-1" href={`#section-${sectionId(section)}`}>
              {section.division.name}
              {section.round.name ? ` · ${section.round.name}` : ''}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
