/** A 400 shaped like a schema validation failure, so the app's error handler names the field. */
export class BadRequestError extends Error {
  readonly statusCode = 400;
  readonly validationContext = 'body';
  readonly validation: { instancePath: string; message: string; params: Record<string, never> }[];

  constructor(field: string, message: string) {
    super(`body ${field} ${message}`);
    this.validation = [{ instancePath: field, message, params: {} }];
  }
}
