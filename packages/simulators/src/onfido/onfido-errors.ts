/** An answer in Onfido's error shape: `{ error: { type, message, fields } }`. */
export class OnfidoSimError extends Error {
  readonly status: number;
  readonly type: string;
  readonly fields: Record<string, string[]>;
  constructor(status: number, type: string, message: string, fields: Record<string, string[]> = {}) {
    super(message);
    this.status = status;
    this.type = type;
    this.fields = fields;
  }

  toJSON() {
    return { error: { type: this.type, message: this.message, fields: this.fields } };
  }
}

export const notFound = () => new OnfidoSimError(404, 'resource_not_found', 'The resource could not be found.');

export const validationError = (fields: Record<string, string[]>) =>
  new OnfidoSimError(422, 'validation_error', 'There was a validation error on this request', fields);

export const unauthorised = () =>
  new OnfidoSimError(401, 'authorization_error', 'Authorization error: please re-check your credentials');
