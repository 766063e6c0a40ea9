/**
 * A competition's recap as CSV: a row per performance (division, round, group, then every subcaption, caption and
 * category with its rank in the order the recap prints them, then sub total, penalty and total with their ranks).
 * The numbers are v2's text exactly as served; only the penalty, which v2 does not carry, is sub total - total (as
 * the recap computes it). A competition's divisions may print different sheets: the columns are their union, in
 * print order, and a cell of a sheet that has no such line stays empty. What the released flags hold back (the
 * categories, or the captions and judges) is left out, as on the recap page.
 */
import { csvText } from './csv.js';
import type { HostedRecapRecord } from '../hosted-shapes.js';
import { judgeName } from '../../../../domain/judges.js';
import { formatScore } from '../../../../domain/scores.js';

type Category = HostedRecapRecord['Categories'][number];
type Caption = Category['Captions'][number];

interface Column {
  id: string;
  label: string;
}

interface Released {
  categoryRecapReleased: boolean;
  recapReleased: boolean;
}

/** Ids by name and occurrence; a doubled panel's captions (two of one name in a category) by their judge's name. */
function captionIds(category: Category): { id: string; label: string; caption: Caption }[] {
  const seen = new Map<string, number>();
  return category.Captions.map((caption) => {
    const occurrence = (seen.get(caption.Name) ?? 0) + 1;
    seen.set(caption.Name, occurrence);
    const doubled = category.Captions.filter((other) => other.Name === caption.Name).length > 1;
    const judge = judgeName(caption.JudgeFirstName, caption.JudgeLastName);
    if (!doubled) return { id: `${caption.Name}#${occurrence}`, label: caption.Name, caption };
    return judge
      ? { id: `${caption.Name}@${judge}`, label: `${caption.Name} (${judge})`, caption }
      : { id: `${caption.Name}#${occurrence}`, label: `${caption.Name} ${occurrence}`, caption };
  });
}

function categoryIds(record: HostedRecapRecord): { id: string; category: Category }[] {
  const seen = new Map<string, number>();
  return record.Categories.map((category) => {
    const occurrence = (seen.get(category.Name) ?? 0) + 1;
    seen.set(category.Name, occurrence);
    return { id: `${category.Name}#${occurrence}`, category };
  });
}

/** Sub total - total in thousandths (without a float's remainder), printed as v2 prints its totals. */
function penalty(record: HostedRecapRecord): string {
  const thousandths = Math.round(Number(record.SubtotalScore) * 1000) - Math.round(Number(record.TotalScore) * 1000);
  return formatScore(thousandths / 1000, 'total');
}

export function recapCsv(records: readonly HostedRecapRecord[], released: Released): string {
  // The union of the sheets, in print order: categories, their captions, their subcaption lines.
  const sheet = new Map<
    string,
    { label: string; captions: Map<string, { label: string; subcaptions: Map<string, string> }> }
  >();
  const cells = records.map(() => new Map<string, string>());
  records.forEach((record, row) => {
    if (!released.categoryRecapReleased) return;
    for (const { id: categoryId, category } of categoryIds(record)) {
      let categoryColumns = sheet.get(categoryId);
      if (!categoryColumns) sheet.set(categoryId, (categoryColumns = { label: category.Name, captions: new Map() }));
      cells[row].set(categoryId, category.Score).set(`${categoryId}\u0000rank`, String(category.Rank));
      if (!released.recapReleased) continue;
      for (const { id, label, caption } of captionIds(category)) {
        const captionId = `${categoryId}/${id}`;
        let captionColumns = categoryColumns.captions.get(captionId);
        if (!captionColumns)
          categoryColumns.captions.set(
            captionId,
            (captionColumns = { label: `${category.Name} / ${label}`, subcaptions: new Map() }),
          );
        cells[row].set(captionId, caption.Score).set(`${captionId}\u0000rank`, String(caption.Rank));
        const seen = new Map<string, number>();
        for (const line of caption.Subcaptions) {
          const occurrence = (seen.get(line.Name) ?? 0) + 1;
          seen.set(line.Name, occurrence);
          const lineId = `${captionId}/${line.Name}#${occurrence}`;
          if (!captionColumns.subcaptions.has(lineId))
            captionColumns.subcaptions.set(
              lineId,
              `${captionColumns.label} / ${line.Name}${occurrence > 1 ? ` ${occurrence}` : ''}`,
            );
          cells[row].set(lineId, line.Score).set(`${lineId}\u0000rank`, String(line.Rank));
        }
      }
    }
  });
  const columns: Column[] = [];
  const ranked = (id: string, label: string) =>
    columns.push({ id, label }, { id: `${id}\u0000rank`, label: `${label} Rank` });
  for (const [categoryId, category] of sheet) {
    for (const [captionId, caption] of category.captions) {
      for (const [lineId, label] of caption.subcaptions) ranked(lineId, label);
      ranked(captionId, caption.label);
    }
    ranked(categoryId, category.label);
  }
  const header = [
    'Division',
    'Round',
    'Group',
    ...columns.map((column) => column.label),
    'Sub Total',
    'Sub Total Rank',
    'Penalty',
    'Total',
    'Total Rank',
  ];
  const rows = records.map((record, row) => [
    record.DivisionName,
    record.RoundName,
    record.GroupName,
    ...columns.map((column) => cells[row].get(column.id) ?? ''),
    record.SubtotalScore,
    String(record.SubtotalRank),
    penalty(record),
    record.TotalScore,
    String(record.Rank),
  ]);
  return csvText(header, rows);
}
