/** The sample circuit's groups: schools and independents in every class, each with a strength and leans. */
import {
  COLOR_GUARD,
  DIVISIONS,
  INDEPENDENT_GUARDS,
  INDEPENDENT_PERCUSSION,
  INDEPENDENT_WINDS,
  PERCUSSION,
  TOWNS,
  WINDS,
  type SampleDivision,
} from './circuit.js';
import type { Random } from './random.js';

export interface SampleGroup {
  name: string;
  location: string;
  division: SampleDivision;
  /** how good the group is within its class, about -2..2 */
  strength: number;
  /** the group's lean per caption key (strong design, weaker equipment ...) */
  lean: Map<string, number>;
  active: boolean;
  pending: boolean;
}

export function makeGroups(random: Random): SampleGroup[] {
  const schoolNames = (suffix: string) =>
    random.shuffle([
      ...TOWNS.map(([town, state]) => ({ name: `${town} HS${suffix}`, location: `${town}, ${state}` })),
      ...TOWNS.map(([town, state]) => ({ name: `${town} Memorial HS${suffix}`, location: `${town}, ${state}` })),
    ]);
  const independents = (names: readonly string[]) =>
    random.shuffle(names).map((name) => {
      const [town, state] = random.pick(TOWNS);
      return { name, location: `${town}, ${state}` };
    });
  const pools = new Map<string, { name: string; location: string }[]>([
    [`${COLOR_GUARD}:school`, schoolNames('')],
    [`${COLOR_GUARD}:independent`, independents(INDEPENDENT_GUARDS)],
    [`${PERCUSSION}:school`, schoolNames('')],
    [`${PERCUSSION}:independent`, independents(INDEPENDENT_PERCUSSION)],
    [`${WINDS}:school`, schoolNames(' Winds')],
    [`${WINDS}:independent`, independents(INDEPENDENT_WINDS)],
  ]);
  const groups: SampleGroup[] = [];
  for (const division of DIVISIONS) {
    const pool = pools.get(`${division.groupTypeId}:${division.independent ? 'independent' : 'school'}`)!;
    for (let i = 0; i < division.size; i++) {
      const { name, location } = pool.shift()!;
      const lean = new Map<string, number>();
      for (const category of division.sheet.categories) {
        for (const caption of category.captions) lean.set(caption.key, random.normal() * 1.2);
      }
      groups.push({
        name,
        location,
        division,
        strength: Math.max(-2, Math.min(2, random.normal() * 0.9)),
        lean,
        active: true,
        pending: false,
      });
    }
  }
  // A few groups folded after last season (inactive) and two new ones await approval (pending).
  for (const index of [3, 19, 41, 66, 88, 104, 131]) groups[index].active = false;
  for (const index of [27, 112]) groups[index].pending = true;
  return groups;
}
