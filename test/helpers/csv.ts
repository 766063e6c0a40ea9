/** RFC 4180 read strictly, for tests of the CSV exports: CRLF rows, quoted fields with doubled quotes. */
export function parseCsv(text: string): string[][] {
  if (!text.endsWith('\r\n')) throw new Error('a CSV export ends its last row with CRLF');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"' && field === '') {
      const end = text.indexOf('"', i + 1);
      let quoted = '';
      let at = i + 1;
      for (let close = end; ; close = text.indexOf('"', at)) {
        if (close < 0) throw new Error('an unclosed quote');
        quoted += text.slice(at, close);
        if (text[close + 1] === '"') {
          quoted += '"';
          at = close + 2;
          continue;
        }
        i = close + 1;
        break;
      }
      field = quoted;
      if (text[i] !== ',' && text[i] !== '\r') throw new Error(`text after a closing quote at ${i}`);
      continue;
    }
    if (text[i] === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (text.startsWith('\r\n', i)) {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else if (text[i] === '\n' || text[i] === '\r' || text[i] === '"') {
      throw new Error(`a bare ${JSON.stringify(text[i])} outside quotes at ${i}`);
    } else {
      field += text[i++];
    }
  }
  const width = rows[0]?.length;
  if (rows.some((r) => r.length !== width)) throw new Error('rows of different widths');
  return rows;
}
