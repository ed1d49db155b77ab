/** Error answers of the service: JSON:API error objects (spec section 7). */

export interface ErrorObject {
  status: string;
  title: string;
  detail: string;
  source?: { pointer?: string; parameter?: string };
}

export class ServiceError extends Error {
  readonly status: number;
  readonly title: string;
  readonly source: ErrorObject['source'];

  constructor(status: number, title: string, detail: string, source?: ErrorObject['source']) {
    super(detail);
    this.status = status;
    this.title = title;
    this.source = source;
  }

  toDocument(): { errors: ErrorObject[] } {
    const error: ErrorObject = { status: String(this.status), title: this.title, detail: this.message };
    if (this.source) error.source = this.source;
    return { errors: [error] };
  }
}

export function notFound(detail: string): ServiceError {
  return new ServiceError(404, 'not found', detail);
}

export function unprocessable(detail: string, pointer?: string): ServiceError {
  return new ServiceError(422, 'invalid attribute', detail, pointer === undefined ? undefined : { pointer });
}

export function badRequest(detail: string, parameter?: string): ServiceError {
  return new ServiceError(400, 'bad request', detail, parameter === undefined ? undefined : { parameter });
}

export function conflict(detail: string): ServiceError {
  return new ServiceError(409, 'conflict', detail);
}
