/** Markdown pieces of the results page. */
export function markdownTable(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
