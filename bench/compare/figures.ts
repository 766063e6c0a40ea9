/**
 * The figures of one part's results file, whatever commit wrote it: every number it holds by its path, so that two
 * commits' results compare field by field though their shapes differ. Arrays are walked only where their items say
 * what they are (a budget's `id`, a route, a name, a run's pacing or database): a list of runs or resources is detail,
 * not a figure. The budgets are by id, their measured value (`actual`) and, for a ratio, its figure and floor.
 */

/** path → value */
export type Figures = Map<string, number>;

const ITEM_NAMES = ['id', 'route', 'name', 'pacing', 'database', 'part'] as const;
/** what a results file says about the run, not what it measured */
const NOT_FIGURES = new Set(['machine', 'dirtyFiles', 'startedAt', 'finishedAt', 'commit', 'failures']);

export function figuresOf(results: unknown): Figures {
  const figures: Figures = new Map();
  const walk = (value: unknown, at: string) => {
    if (typeof value === 'number') {
      if (Number.isFinite(value)) figures.set(at, value);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item === null || typeof item !== 'object') continue;
        const named = ITEM_NAMES.map((key) => (item as Record<string, unknown>)[key]).find(
          (name): name is string => typeof name === 'string',
        );
        if (named !== undefined) walk(item, `${at}[${named}]`);
      }
      return;
    }
    for (const [key, member] of Object.entries(value)) {
      if (at === '' && NOT_FIGURES.has(key)) continue;
      // a budget's limit is not a measurement; its label and unit are text
      if (key === 'limit') continue;
      walk(member, at === '' ? key : `${at}.${key}`);
    }
  };
  walk(results, '');
  return figures;
}

/** One figure of both commits: this tree's, the other's, and this over the other. */
export interface ComparedFigure {
  path: string;
  current: number | null;
  other: number | null;
  /** current / other (null when either is missing or the other is 0) */
  ratio: number | null;
}

/** Every path either side has, budgets first, in the order the current side wrote them. */
export function compareFigures(current: Figures, other: Figures): ComparedFigure[] {
  const paths = [...new Set([...current.keys(), ...other.keys()])];
  const budgetsFirst = [
    ...paths.filter((path) => path.startsWith('budgets[')),
    ...paths.filter((path) => !path.startsWith('budgets[')),
  ];
  return budgetsFirst.map((path) => {
    const a = current.get(path) ?? null;
    const b = other.get(path) ?? null;
    return { path, current: a, other: b, ratio: a !== null && b !== null && b !== 0 ? a / b : null };
  });
}
