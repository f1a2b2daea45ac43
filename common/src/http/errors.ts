/** The error catalogue of spec section 8: what the user reads when a call fails. */
import type { ApiErrorCode } from '../domain/api.js';

export type ErrorCode = 'DENIED' | 'FORBIDDEN' | 'NOT_FOUND';

export const DEFAULT_ERROR = 'Une erreur inattendue est survenue.';

const MESSAGES: Record<ErrorCode, { page: string; action: string }> = {
  DENIED: {
    page: 'Votre connexion a expirée, connectez-vous pour accéder à cette ressource.',
    action: 'Votre connexion a expirée, connectez-vous pour pouvoir faire cette action.',
  },
  FORBIDDEN: {
    page: "Votre n'avez pas les droits nécessaires pour accéder à cette ressource.",
    action: "Votre n'avez pas les droits nécessaires pour effectuer à cette action.",
  },
  NOT_FOUND: { page: 'Ressource introuvable.', action: 'Données demandées introuvables.' },
};

/**
 * Whether a message is the catalogue's « connexion expirée » or « droits nécessaires » one, which the spec's « Page de
 * connexion » link goes with wherever it is shown (a form's field included, where it is kept as text).
 */
export function asksToLogIn(message: string | undefined): boolean {
  return [MESSAGES.DENIED, MESSAGES.FORBIDDEN].some(({ page, action }) => message === page || message === action);
}

/** The error object of spec section 3, as plain data (what a Redux action may carry). */
export interface RequestErrorData {
  error: string;
  warning: string | undefined;
  fields: Record<string, string>;
  /** The API's own code for an answer a page acts upon (`ApiErrorBody.code`). */
  code?: ApiErrorCode | undefined;
  __default: boolean;
  ERROR_CODE: ErrorCode | undefined;
  status: number | undefined;
  loginLink: boolean;
}

/** The error object built by the client from a failed answer (spec section 3). */
export class RequestError extends Error implements RequestErrorData {
  readonly error: string;
  readonly warning: string | undefined;
  readonly fields: Record<string, string>;
  readonly code: ApiErrorCode | undefined;
  /** True when the server gave no message of its own. */
  readonly __default: boolean;
  readonly ERROR_CODE: ErrorCode | undefined;
  readonly status: number | undefined;
  /** Denied and forbidden messages offer the 'Page de connexion' link, unless the caller hides it. */
  readonly loginLink: boolean;

  constructor(init: {
    error: string;
    warning?: string;
    fields?: Record<string, string>;
    code?: ApiErrorCode;
    __default: boolean;
    ERROR_CODE?: ErrorCode;
    status?: number;
    loginLink?: boolean;
  }) {
    super(init.error);
    this.name = 'RequestError';
    this.error = init.error;
    this.warning = init.warning;
    this.fields = init.fields ?? {};
    this.code = init.code;
    this.__default = init.__default;
    this.ERROR_CODE = init.ERROR_CODE;
    this.status = init.status;
    this.loginLink = init.loginLink ?? false;
  }

  toData(): RequestErrorData {
    const { error, warning, fields, code, __default, ERROR_CODE, status, loginLink } = this;
    return { error, warning, fields, code, __default, ERROR_CODE, status, loginLink };
  }
}

export interface ErrorContext {
  /** Wording for an action (a form sent) rather than a page or resource read. */
  action?: boolean;
  /** Hide the 'Page de connexion' link. */
  hideLoginLink?: boolean;
}

function codeOf(status: number, body: unknown): ErrorCode | undefined {
  const error = typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined;
  if (status === 401 && error === 'Unauthorized') return 'DENIED';
  if (status === 403 && error === 'Forbidden') return 'FORBIDDEN';
  if (status === 404 && (body === null || body === '')) return 'NOT_FOUND';
  return undefined;
}

/** Builds the error object of an answer: the server's message when it gave one, else the catalogue's. */
export function toRequestError(status: number | undefined, body: unknown, context: ErrorContext = {}): RequestError {
  const code = status === undefined ? undefined : codeOf(status, body);
  if (code) {
    return new RequestError({
      error: MESSAGES[code][context.action ? 'action' : 'page'],
      __default: false,
      ERROR_CODE: code,
      status,
      loginLink: code !== 'NOT_FOUND' && !context.hideLoginLink,
    });
  }
  if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' && body.error) {
    const { error, warning, fields, code } = body as { error: string; warning?: unknown; fields?: unknown; code?: unknown };
    return new RequestError({
      error,
      warning: typeof warning === 'string' ? warning : undefined,
      fields: typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : {},
      code: typeof code === 'string' ? (code as ApiErrorCode) : undefined,
      __default: false,
      status,
    });
  }
  // An empty body or a plain string: the default error.
  return new RequestError({ error: DEFAULT_ERROR, __default: true, status });
}
