/**
 * `npm run bench -- --compare <commit>` (issue 41): the way to tell whether a change made something faster on a
 * machine whose speed moves. The other commit is checked out in a temporary git worktree (its node_modules a link
 * to this tree's when its package-lock.json is the same, else `npm ci --prefer-offline` there), and each part runs
 * in both trees, interleaved: this tree, then the other, part by part (with `--compare-runs N`, N times, the order
 * swapped each time, each figure the median). Each tree runs its own bench (`--only PART`), so an older commit is
 * measured as it measured itself; its results file is read back and every figure it shares with this tree's is
 * printed beside it with the ratio, and written to bench/results/compare.md and compare.json. This tree's other
 * results files are left as they were.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { markdownTable } from '../lib/markdown.js';
import { median } from '../lib/stats.js';
import { compareFigures, figuresOf, type ComparedFigure, type Figures } from './figures.js';

export interface CompareOptions {
  /** the other commit, as git names it */
  commit: string;
  /** the parts to run, each by `--only` */
  parts: string[];
  /** each part's results file in bench/results/, by part */
  resultsFile: (part: string) => string;
  /** the options both trees' benches are given (`--runs 3`, ...) */
  forward: string[];
  runs: number;
}

interface Side {
  label: string;
  tree: string;
}

export interface PartComparison {
  part: string;
  /** runs of the part that did not write their results, per side */
  missing: { current: number; other: number };
  figures: ComparedFigure[];
}

export function compareCommits(root: string, options: CompareOptions, log: (line: string) => void): number {
  const git = (args: string[], cwd = root) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
  let sha: string;
  try {
    sha = git(['rev-parse', '--verify', `${options.commit}^{commit}`]);
  } catch {
    throw new Error(`--compare: git knows no commit "${options.commit}"`);
  }
  const head = git(['rev-parse', 'HEAD']);
  const dirty = git(['status', '--porcelain']).split('\n').filter(Boolean).length;
  const current: Side = {
    label: `this tree (${head.slice(0, 12)}${dirty ? `, ${dirty} uncommitted file(s)` : ''})`,
    tree: root,
  };
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'marching-bench-compare-'));
  const other: Side = { label: `${options.commit} (${sha.slice(0, 12)})`, tree: path.join(workDir, 'tree') };
  const savedResults = path.join(workDir, 'results');
  const resultsDir = path.join(root, 'bench', 'results');
  cpSync(resultsDir, savedResults, { recursive: true });
  const comparisons: PartComparison[] = [];
  const startedAt = new Date().toISOString();
  try {
    log(`Compare: ${current.label} against ${other.label}`);
    git(['worktree', 'add', '--quiet', '--detach', other.tree, sha]);
    prepareModules(root, other.tree, sha, log);
    for (const part of options.parts) {
      const file = options.resultsFile(part);
      const runs: Record<'current' | 'other', Figures[]> = { current: [], other: [] };
      for (let run = 0; run < options.runs; run++) {
        const order = run % 2 === 0 ? (['current', 'other'] as const) : (['other', 'current'] as const);
        for (const which of order) {
          const side = which === 'current' ? current : other;
          log(`\n== ${part}, ${side.label}${options.runs > 1 ? `, run ${run + 1} of ${options.runs}` : ''}`);
          const figures = runPart(side.tree, part, file, options.forward);
          if (figures) runs[which].push(figures);
          else log(`   ${part} wrote no ${file} in ${side.label}: not compared`);
        }
      }
      comparisons.push({
        part,
        missing: { current: options.runs - runs.current.length, other: options.runs - runs.other.length },
        figures: compareFigures(medianFigures(runs.current), medianFigures(runs.other)),
      });
    }
  } finally {
    // this tree's results as they were: a comparison's runs are not the last run
    rmSync(resultsDir, { recursive: true, force: true });
    cpSync(savedResults, resultsDir, { recursive: true });
    try {
      git(['worktree', 'remove', '--force', other.tree]);
    } catch {
      git(['worktree', 'prune']);
    }
    rmSync(workDir, { recursive: true, force: true });
  }
  const report = {
    startedAt,
    finishedAt: new Date().toISOString(),
    current: current.label,
    other: other.label,
    sha,
    comparisons,
  };
  writeFileSync(path.join(resultsDir, 'compare.json'), `${JSON.stringify(report, null, 2)}\n`);
  const markdown = compareMarkdown(report);
  writeFileSync(path.join(resultsDir, 'compare.md'), markdown);
  log(`\n${markdown}\nWritten: bench/results/compare.md, bench/results/compare.json`);
  return comparisons.some((comparison) => comparison.missing.current + comparison.missing.other > 0) ? 1 : 0;
}

/** node_modules for the other tree: this tree's, linked, when the lock files agree; else its own, from the cache. */
function prepareModules(root: string, tree: string, sha: string, log: (line: string) => void) {
  const lock = (dir: string) => readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
  if (existsSync(path.join(root, 'node_modules')) && lock(root) === lock(tree)) {
    symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
    log(`   ${sha.slice(0, 12)} has the same package-lock.json: its node_modules is this tree's`);
    return;
  }
  const started = performance.now();
  log(`   ${sha.slice(0, 12)} has another package-lock.json: npm ci --prefer-offline in its worktree`);
  execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: tree, stdio: 'inherit' });
  log(`   npm ci took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** Runs `--only part` in `tree` with its own bench; answers the figures of the results file it wrote, if it did. */
function runPart(tree: string, part: string, file: string, forward: string[]): Figures | undefined {
  const written = path.join(tree, 'bench', 'results', file);
  // a results file the commit holds is not this run's
  rmSync(written, { force: true });
  spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--only', part, ...forward], {
    cwd: tree,
    stdio: 'inherit',
  });
  if (!existsSync(written)) return undefined;
  return figuresOf(JSON.parse(readFileSync(written, 'utf8')));
}

/** Each path's median over the runs that have it. */
function medianFigures(runs: Figures[]): Figures {
  const paths = [...new Set(runs.flatMap((figures) => [...figures.keys()]))];
  return new Map(
    paths.map((at) => [at, median(runs.flatMap((figures) => (figures.has(at) ? [figures.get(at)!] : [])))]),
  );
}

function compareMarkdown(report: {
  current: string;
  other: string;
  startedAt: string;
  comparisons: PartComparison[];
}): string {
  const value = (figure: number | null) =>
    figure === null ? '–' : Math.abs(figure) >= 100 ? figure.toFixed(0) : Number(figure.toPrecision(3)).toString();
  const lines = [
    `# Bench compared: ${report.current} against ${report.other}`,
    '',
    `Run ${report.startedAt} by \`npm run bench -- --compare\` (bench/compare/compare.ts): each part in both trees, interleaved, each tree with its own bench. Ratio: this tree's figure over the other's (for a time, below 1 is faster; for a rate, above 1). Every figure either results file holds, by its path; budgets first.`,
  ];
  for (const comparison of report.comparisons) {
    lines.push('', `## ${comparison.part}`, '');
    if (comparison.missing.current || comparison.missing.other)
      lines.push(
        `Runs that wrote no results: ${comparison.missing.current} in this tree, ${comparison.missing.other} in the other.`,
        '',
      );
    lines.push(
      markdownTable(
        ['Figure', report.current, report.other, 'Ratio'],
        comparison.figures.map((figure) => [
          `\`${figure.path}\``,
          value(figure.current),
          value(figure.other),
          figure.ratio === null ? '–' : `${figure.ratio.toFixed(2)}x`,
        ]),
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}
