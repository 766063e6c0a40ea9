import type { DivisionRoundScores } from '../utils/recap-types';
import { sectionId } from '../utils/scores-lookup';

/**
 * Links to each section's heading (RecapSections gives it the id `section-<sectionId>`): on a phone a long recap is
 * some screens per division, and the reader comes for one. Behind a closed disclosure, one line like the legend's: a
 * championship's ten divisions listed open took the whole first screen of a phone, and the scores come first. A
 * native <details> with plain in-page links: they work by keyboard, a screen reader lists them as a navigation
 * landmark, and they need no script, so they work before the page hydrates.
 */
export function DivisionJump({ sections }: { sections: DivisionRoundScores[] }) {
  // One section is the whole page: nothing to jump to.
  if (sections.length < 2) return null;
  return (
    <details className="my-3 text-sm print:hidden">
      <summary className="cursor-pointer py-1 font-semibold text-blue-900 dark:text-sky-300">
        Jump to a division ({sections.length})
      </summary>
      <nav aria-label="Jump to a division">
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
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
    </details>
  );
}
