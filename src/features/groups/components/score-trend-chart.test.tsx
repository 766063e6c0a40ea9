import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrendPoint } from '../utils/trend';
import { ScoreTrendChart } from './score-trend-chart';

const point = (date: string, score: number): TrendPoint => ({
  key: date,
  date,
  time: Date.parse(date),
  score,
  rank: 2,
  label: `Show of ${date.slice(0, 10)}, Finals`,
});

afterEach(cleanup);

describe('the score trend', () => {
  it('says a single scored performance in words instead of drawing a one-point chart', () => {
    render(<ScoreTrendChart points={[point('2026-03-28T12:00:00.000Z', 78.25)]} groupName="Kingwood HS" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText(/One scored performance so far: 78\.250 at Show of 2026-03-28, Finals/)).toBeTruthy();
  });

  it('draws two or more, with both axes labelled', () => {
    render(
      <ScoreTrendChart
        points={[point('2026-02-07T12:00:00.000Z', 70.1), point('2026-03-28T12:00:00.000Z', 78.25)]}
        groupName="Kingwood HS"
      />,
    );
    const chart = screen.getByRole('img');
    expect(chart.textContent).toContain('Score trend of Kingwood HS');
    expect(chart.textContent).toContain('Total score');
    expect(chart.textContent).toContain('Date of the show');
  });
});
