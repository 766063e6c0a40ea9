import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * A schema made `.nullable()` over a named component comes out of the generator as `allOf: [ref, {type: [..., null]}]`,
 * which every client types as never null (allOf is "both"): the web app then never handled a missing value the API
 * sends. Such a field is written `z.union([Component, z.null()])`, an anyOf of the component and null.
 */
const document: unknown = JSON.parse(readFileSync('docs/openapi.json', 'utf8'));

function nullableAllOfs(node: unknown, path: string, found: string[]): string[] {
  if (Array.isArray(node)) node.forEach((item, index) => nullableAllOfs(item, `${path}/${index}`, found));
  else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    const allOf = record.allOf;
    if (
      Array.isArray(allOf) &&
      allOf.some((part) => {
        const type = (part as { type?: unknown } | null)?.type;
        return type === 'null' || (Array.isArray(type) && type.includes('null'));
      })
    )
      found.push(path);
    for (const [key, value] of Object.entries(record)) nullableAllOfs(value, `${path}/${key}`, found);
  }
  return found;
}

describe('the OpenAPI document', () => {
  it('types a nullable reference as anyOf of it and null, never as an allOf clients read as never null', () => {
    expect(nullableAllOfs(document, '#', [])).toEqual([]);
    const slot = (document as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } })
      .components.schemas.CommentarySlot;
    expect(slot?.properties.current).toMatchObject({
      anyOf: [{ $ref: '#/components/schemas/CommentaryRecording' }, { type: 'null' }],
    });
  });
});
