/**
 * Every failure the product reports to a caller is one of these classes: a stable `code` that clients
 * can switch on, the HTTP status it maps to, and optional `details` (e.g. every bad field path).
 * Anything else that escapes is an internal error and is reported without its message.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export interface FieldIssue {
  path: string;
  message: string;
}

export class ValidationError extends AppError {
  constructor(message: string, details: FieldIssue[] = []) {
    super(400, 'validation_error', message, details);
  }
}

export class MalformedJsonError extends AppError {
  constructor() {
    super(400, 'validation_error', 'Request body is not valid JSON');
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'A valid x-api-key header or Bearer session token is required') {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'This credential may not perform that action') {
    super(403, 'forbidden', message);
  }
}

export class PlanRequiredError extends AppError {
  constructor(feature: string, requiredPlan: string) {
    super(403, 'plan_required', `${feature} requires the ${requiredPlan} plan or higher`, { requiredPlan });
  }
}

export class NotFoundError extends AppError {
  constructor(what = 'Resource') {
    super(404, 'not_found', `${what} not found`);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super(413, 'payload_too_large', `Request body exceeds ${limitBytes} bytes`);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor() {
    super(415, 'unsupported_media_type', 'Request body must be sent with Content-Type: application/json');
  }
}

export class RateLimitedError extends AppError {
  constructor(retryAfterSec: number, headers: Record<string, string> = {}) {
    super(
      429,
      'rate_limited',
      'Too many requests',
      { retryAfterSec },
      {
        'retry-after': String(retryAfterSec),
        ...headers,
      },
    );
  }
}

export class QuotaExceededError extends AppError {
  constructor(retryAfterSec: number) {
    super(
      429,
      'quota_exceeded',
      'Monthly request quota exhausted for this project',
      { retryAfterSec },
      {
        'retry-after': String(retryAfterSec),
      },
    );
  }
}

export class InternalError extends AppError {
  constructor(requestId: string) {
    super(500, 'internal_error', `Internal error; quote request id ${requestId} when reporting it`);
  }
}

export interface ErrorBody {
  success: false;
  error: { code: string; message: string; details?: unknown; requestId?: string };
}

/** Maps any thrown value to the wire shape; unknown errors never leak their message or stack. */
export function toErrorBody(
  err: unknown,
  requestId: string,
): { status: number; headers: Record<string, string>; body: ErrorBody } {
  const appError = err instanceof AppError ? err : new InternalError(requestId);
  const error: ErrorBody['error'] = { code: appError.code, message: appError.message, requestId };
  if (appError.details !== undefined) error.details = appError.details;
  return { status: appError.status, headers: appError.headers, body: { success: false, error } };
}
