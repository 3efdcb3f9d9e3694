// Checks an answer against a response schema of fiskaly's published OpenAPI file (a small JSON
// Schema subset: $ref, type, properties, required, enum, pattern, lengths, bounds, items, anyOf,
// oneOf, allOf, additionalProperties, format uuid/byte). Returns the problems, empty when it fits.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FISCAL_DE_FIXTURES } from '../../fixtures/fixture-files.ts';

const SPEC = JSON.parse(
  readFileSync(resolve(FISCAL_DE_FIXTURES, 'fiskaly-sign-de-v2.1.35.openapi.json'), 'utf8'),
) as { paths: Record<string, Record<string, { responses: Record<string, Schemaish> }>> };

type Schemaish = Record<string, unknown>;

function deref(schema: Schemaish): Schemaish {
  let current = schema;
  while (typeof current.$ref === 'string') {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    current = path.reduce<Schemaish>((node, key) => node[key] as Schemaish, SPEC as unknown as Schemaish);
  }
  return current;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function check(schemaIn: Schemaish, value: unknown, at = '$'): string[] {
  const schema = deref(schemaIn);
  const problems: string[] = [];
  const type = schema.type as string | undefined;
  const actual = typeOf(value);
  if (type && !(type === actual || (type === 'number' && actual === 'integer')))
    return [`${at}: ${actual} where ${type} is declared`];
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    problems.push(`${at}: ${String(value)} not in enum`);
  if (typeof value === 'string') {
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value))
      problems.push(`${at}: does not match ${schema.pattern}`);
    if (typeof schema.minLength === 'number' && value.length < schema.minLength)
      problems.push(`${at}: too short`);
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength)
      problems.push(`${at}: too long`);
    if (schema.format === 'uuid' && !/^[0-9a-f-]{36}$/i.test(value)) problems.push(`${at}: not a uuid`);
    if (schema.format === 'byte' && Buffer.from(value, 'base64').toString('base64') !== value)
      problems.push(`${at}: not base64`);
    if (schema.format === 'bigint' && !/^\d+$/.test(value)) problems.push(`${at}: not a bigint string`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${at}: below minimum`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) problems.push(`${at}: above maximum`);
  }
  if (actual === 'object' && value) {
    const record = value as Record<string, unknown>;
    for (const name of (schema.required as string[] | undefined) ?? [])
      if (!(name in record)) problems.push(`${at}.${name}: required but missing`);
    const properties = (schema.properties ?? {}) as Record<string, Schemaish>;
    for (const [name, item] of Object.entries(record)) {
      if (properties[name]) problems.push(...check(properties[name], item, `${at}.${name}`));
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
        problems.push(...check(schema.additionalProperties as Schemaish, item, `${at}.${name}`));
      else if (schema.additionalProperties === false) problems.push(`${at}.${name}: not allowed`);
    }
  }
  if (actual === 'array' && schema.items)
    for (const [i, item] of (value as unknown[]).entries())
      problems.push(...check(schema.items as Schemaish, item, `${at}[${i}]`));
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) problems.push(...check(part, value, at));
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((part) => check(part, value, at).length === 0))
    problems.push(`${at}: matches none of anyOf`);
  if (
    Array.isArray(schema.oneOf) &&
    schema.oneOf.filter((part) => check(part, value, at).length === 0).length !== 1
  )
    problems.push(`${at}: does not match exactly one of oneOf`);
  return problems;
}

/** The problems of a request body against the spec's requestBody schema for this method and URL path. */
export function checkRequest(method: string, urlPath: string, body: unknown): string[] {
  const template = Object.keys(SPEC.paths).find((path) =>
    new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(urlPath),
  );
  if (!template) return [`no path in the spec matches ${urlPath}`];
  const operation = SPEC.paths[template]?.[method.toLowerCase()] as
    | { requestBody?: { content?: Record<string, { schema: Schemaish }> } }
    | undefined;
  if (!operation) return [`no operation ${method} ${template}`];
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  if (!schema) return body === undefined ? [] : [`${method} ${template} takes no body`];
  return check(schema, body).map((problem) => `${method} ${template}: ${problem}`);
}

/** The problems of an answer against the spec's schema for this path, method and status. */
export function checkAnswer(path: string, method: string, status: number, value: unknown): string[] {
  const operation = SPEC.paths[path]?.[method.toLowerCase()];
  if (!operation) return [`no operation ${method} ${path} in the spec`];
  const response = operation.responses[String(status)] as
    | { content?: Record<string, { schema: Schemaish }> }
    | undefined;
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) return [`no JSON schema for ${method} ${path} ${status}`];
  return check(schema, value);
}
