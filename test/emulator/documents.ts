import { unprocessable } from './errors.ts';

/** Reading request documents: every wrong shape or type is a 422 naming the JSON pointer. */
export class Fields {
  readonly #values: Record<string, unknown>;
  readonly pointer: string;

  constructor(values: Record<string, unknown>, pointer: string) {
    this.#values = values;
    this.pointer = pointer;
  }

  has(key: string): boolean {
    return this.#values[key] !== undefined;
  }

  at(key: string): string {
    return `${this.pointer}/${key}`;
  }

  string(key: string): string | undefined {
    const value = this.#values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw unprocessable(`${this.at(key)} must be a string`, this.at(key));
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined) throw unprocessable(`${this.at(key)} is required`, this.at(key));
    return value;
  }

  nullableString(key: string): string | null | undefined {
    return this.#values[key] === null ? null : this.string(key);
  }

  boolean(key: string): boolean | undefined {
    const value = this.#values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') throw unprocessable(`${this.at(key)} must be a boolean`, this.at(key));
    return value;
  }

  array(key: string): unknown[] | undefined {
    const value = this.#values[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw unprocessable(`${this.at(key)} must be an array`, this.at(key));
    return value;
  }

  requiredArray(key: string): unknown[] {
    const value = this.array(key);
    if (value === undefined) throw unprocessable(`${this.at(key)} is required`, this.at(key));
    return value;
  }

  stringArray(key: string): string[] | undefined {
    const value = this.array(key);
    value?.forEach((item, index) => {
      if (typeof item !== 'string')
        throw unprocessable(`${this.at(key)}/${index} must be a string`, `${this.at(key)}/${index}`);
    });
    return value as string[] | undefined;
  }

  object(key: string): Fields | undefined {
    const value = this.#values[key];
    if (value === undefined) return undefined;
    return asFields(value, this.at(key));
  }

  /** The elements of an array of objects, each as Fields. */
  objects(key: string): Fields[] | undefined {
    return this.array(key)?.map((item, index) => asFields(item, `${this.at(key)}/${index}`));
  }
}

export function asFields(value: unknown, pointer: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw unprocessable(`${pointer || 'the document'} must be an object`, pointer || '/');
  }
  return new Fields(value as Record<string, unknown>, pointer);
}

export interface RequestDocument {
  data: Fields;
  attributes: Fields;
  relationships: Fields;
}

/** Parses a JSON:API request document whose `data.type` must be `type`. */
export function readDocument(body: Buffer, type: string): RequestDocument {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw unprocessable('the request body is not a JSON document');
  }
  const data = asFields(parsed, '').object('data');
  if (data === undefined) throw unprocessable('the document has no data object', '/data');
  const actual = data.requiredString('type');
  if (actual !== type) throw unprocessable(`/data/type must be "${type}", got "${actual}"`, '/data/type');
  return {
    data,
    attributes: data.object('attributes') ?? new Fields({}, '/data/attributes'),
    relationships: data.object('relationships') ?? new Fields({}, '/data/relationships'),
  };
}

/** `{id, type}` of a to-one relationship's data, checking the type the spec requires. */
export function relatedId(relationships: Fields, name: string, type: string, required: boolean): string | undefined {
  const data = relationships.object(name)?.object('data');
  if (data === undefined) {
    if (required) throw unprocessable(`${relationships.at(name)}/data is required`, `${relationships.at(name)}/data`);
    return undefined;
  }
  checkType(data, type);
  return data.requiredString('id');
}

export function checkType(fields: Fields, type: string): void {
  const actual = fields.requiredString('type');
  if (actual !== type)
    throw unprocessable(`${fields.at('type')} must be "${type}", got "${actual}"`, fields.at('type'));
}

/** Names of policies and workspaces: letters, numbers, `-` and `_` (spec 2.1, 4.3). */
export function checkName(name: string, pointer: string): void {
  if (!/^[A-Za-z0-9_-]+$/.test(name)) {
    throw unprocessable(`${pointer}: "${name}" may contain only letters, numbers, "-" and "_"`, pointer);
  }
}
