// A table endpoint's refusal: the HTTP status, the field it names and a code the app translates
// (docs/tables.md lists them).

export class TableError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    readonly code: string,
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'TableError';
  }
}
