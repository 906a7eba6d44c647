/**
 * Errors as the platform writes them. Graph endpoints answer the envelope of reference §4
 * (`{"error":{message,type,code,error_subcode,is_transient,error_user_title,error_user_msg,
 * fbtrace_id}}`); the `api.instagram.com` OAuth endpoint answers the legacy shape
 * `{error_type,code,error_message}` (reference §1a).
 */

/** How a Graph error is described before it is sent; the trace id is added on the way out. */
export interface GraphErrorInit {
  readonly message: string;
  readonly code: number;
  readonly subcode?: number;
  /** Graph exception class; `OAuthException` for nearly everything Instagram answers. */
  readonly type?: string;
  readonly isTransient?: boolean;
  readonly userTitle?: string;
  readonly userMsg?: string;
  /** HTTP status; Instagram answers 400 even for throttling (reference §4). */
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * A Graph error the emulator answers. Thrown anywhere below the request boundary, which
 * writes it in the envelope with a fresh `fbtrace_id`.
 *
 * @example
 * ```ts
 * throw new GraphError({ message: 'Media ID is not available', code: 9007, subcode: 2207027 });
 * ```
 */
export class GraphError extends Error {
  override readonly name = 'GraphError';
  readonly code: number;
  readonly subcode: number | undefined;
  readonly type: string;
  readonly isTransient: boolean;
  readonly userTitle: string | undefined;
  readonly userMsg: string | undefined;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(init: GraphErrorInit) {
    super(init.message);
    this.code = init.code;
    this.subcode = init.subcode;
    this.type = init.type ?? 'OAuthException';
    this.isTransient = init.isTransient ?? false;
    this.userTitle = init.userTitle;
    this.userMsg = init.userMsg;
    this.status = init.status ?? 400;
    this.headers = init.headers ?? {};
  }

  /** The JSON envelope, keys in the order Graph writes them; absent optional keys are left out. */
  toEnvelope(fbtraceId: string): { error: Record<string, unknown> } {
    const error: Record<string, unknown> = {
      message: this.message,
      type: this.type,
      code: this.code,
    };
    if (this.subcode !== undefined) error.error_subcode = this.subcode;
    error.is_transient = this.isTransient;
    if (this.userTitle !== undefined) error.error_user_title = this.userTitle;
    if (this.userMsg !== undefined) error.error_user_msg = this.userMsg;
    error.fbtrace_id = fbtraceId;
    return { error };
  }
}

/**
 * The legacy error of `api.instagram.com/oauth/access_token`:
 * `{"error_type":"OAuthException","code":400,"error_message":"…"}`.
 *
 * @example
 * ```ts
 * throw new LegacyOAuthError('Matching code was not found or was already used');
 * ```
 */
export class LegacyOAuthError extends Error {
  override readonly name = 'LegacyOAuthError';
  readonly status = 400;

  toBody(): { error_type: string; code: number; error_message: string } {
    return { error_type: 'OAuthException', code: 400, error_message: this.message };
  }
}

interface SubcodeEntry {
  readonly code: number;
  readonly message: string;
  readonly userTitle: string;
  readonly userMsg: string;
  readonly isTransient?: boolean;
}

/**
 * Instagram content-publishing subcodes (reference §4 table) with the code each travels
 * with and texts in the style the platform uses. Faults and forced container errors look
 * their defaults up here, so `{ subcode: 2207042 }` alone is a complete quota error.
 */
export const PUBLISHING_SUBCODES: Readonly<Record<number, SubcodeEntry>> = {
  2207001: {
    code: -1,
    message: 'An unexpected error has occurred. Please retry your request later.',
    userTitle: 'Server error',
    userMsg: 'Instagram server error. Please retry.',
    isTransient: true,
  },
  2207003: {
    code: -2,
    message: 'Timeout',
    userTitle: 'Media download timed out',
    userMsg: 'It took too long to download the media.',
    isTransient: true,
  },
  2207004: {
    code: 36000,
    message: 'Invalid parameter',
    userTitle: 'Image is too large',
    userMsg: 'The image is too large to download. It should be less than 8 MiB.',
  },
  2207005: {
    code: 36001,
    message: 'Invalid parameter',
    userTitle: 'The image format is not supported',
    userMsg: 'The image format is not supported. Supported formats are: JPEG.',
  },
  2207006: {
    code: 24,
    message: 'The media is not found',
    userTitle: 'Media not found',
    userMsg: 'The media with the given id cannot be found.',
  },
  2207008: {
    code: 24,
    message: 'The media builder does not exist',
    userTitle: 'Media builder not found',
    userMsg: 'The media builder with the given creation id does not exist or has expired.',
  },
  2207009: {
    code: 36003,
    message: 'Invalid parameter',
    userTitle: 'Aspect ratio not supported',
    userMsg: 'The submitted image with aspect ratio is not supported. Use 4:5 to 1.91:1.',
  },
  2207010: {
    code: 36004,
    message: 'Invalid parameter',
    userTitle: 'Caption is too long',
    userMsg: 'The caption exceeds 2200 characters or 30 hashtags.',
  },
  2207020: {
    code: -2,
    message: 'The media has expired',
    userTitle: 'Media expired',
    userMsg: 'The media you are trying to access has expired. Please try to upload again.',
  },
  2207023: {
    code: 100,
    message: 'Invalid parameter',
    userTitle: 'Unknown media type',
    userMsg: 'The media type entered is unknown.',
  },
  2207026: {
    code: 352,
    message: 'The video format is not supported',
    userTitle: 'Unsupported video format',
    userMsg: 'The video format is not supported. Please check the spec for supported formats.',
  },
  2207027: {
    code: 9007,
    message: 'Media ID is not available',
    userTitle: 'Media not ready for publishing',
    userMsg: 'The media is not ready for publishing, please wait for a moment.',
  },
  2207028: {
    code: 100,
    message: 'Invalid parameter',
    userTitle: 'Carousel validation failed',
    userMsg: 'A carousel must have between 2 and 10 items.',
  },
  2207032: {
    code: -1,
    message: 'Create media failed',
    userTitle: 'Failed to create media',
    userMsg: 'Failed to create media, please try again.',
    isTransient: true,
  },
  2207040: {
    code: 100,
    message: 'Invalid parameter',
    userTitle: 'Too many tags',
    userMsg: 'Cannot use more than 20 tags per media.',
  },
  2207042: {
    code: 9,
    message: 'Application request limit reached',
    userTitle: 'Max posts reached',
    userMsg: 'You reached the maximum number of posts that can be published within 24 hours.',
  },
  2207050: {
    code: 25,
    message: 'The Instagram account is restricted',
    userTitle: 'Account restricted',
    userMsg: 'The app user account is inactive. Open the Instagram app to reactivate it.',
  },
  2207051: {
    code: 4,
    message: 'Action is blocked',
    userTitle: 'Action blocked',
    userMsg: 'We restrict certain activity to protect our community.',
  },
  2207052: {
    code: 9004,
    message: 'Only photo or video can be accepted as media type.',
    userTitle: 'Media download has failed.',
    userMsg: 'The media could not be fetched from this URI.',
  },
  2207053: {
    code: -1,
    message: 'An unknown error occurred during upload',
    userTitle: 'Upload error',
    userMsg: 'An unknown error occurred while uploading the video. Create a new container.',
  },
  2207089: {
    code: 100,
    message: 'Invalid parameter',
    userTitle: 'Video cannot be published alone',
    userMsg:
      'A VIDEO media container can only be published as an item of a carousel. Use REELS for a single video.',
  },
  2207057: {
    code: 1,
    message: 'Invalid parameter',
    userTitle: 'Invalid thumbnail offset',
    userMsg: 'The thumb_offset must be at least 0 and less than the video duration in ms.',
  },
};

// Generic Graph codes (reference §4) for faults that name a code without a subcode.
const CODE_MESSAGES: Readonly<Record<number, { message: string; isTransient?: boolean }>> = {
  1: { message: 'An unknown error has occurred.', isTransient: true },
  2: {
    message: 'An unexpected error has occurred. Please retry your request later.',
    isTransient: true,
  },
  3: { message: 'Application does not have the capability to make this API call.' },
  4: { message: 'Application request limit reached', isTransient: true },
  10: { message: 'Application does not have permission for this action' },
  17: { message: 'User request limit reached', isTransient: true },
  100: { message: 'Invalid parameter' },
  102: { message: 'Session key invalid or no longer valid' },
  190: { message: 'Error validating access token' },
  200: { message: 'Permissions error' },
  341: { message: 'Application limit reached', isTransient: true },
  368: { message: 'The action attempted has been deemed abusive or is otherwise disallowed' },
  613: { message: 'Calls to this api have exceeded the rate limit.', isTransient: true },
  80002: {
    message: 'There have been too many calls to this Instagram account. Wait a bit and try again.',
    isTransient: true,
  },
};

/**
 * A publishing error by subcode, with its usual code and texts; `overrides` win.
 *
 * @example
 * ```ts
 * throw publishingError(2207027); // code 9007, "Media ID is not available"
 * ```
 */
export function publishingError(
  subcode: number,
  overrides: Partial<GraphErrorInit> = {},
): GraphError {
  const entry = PUBLISHING_SUBCODES[subcode];
  return new GraphError({
    message: entry?.message ?? 'An unknown error has occurred.',
    code: entry?.code ?? -1,
    subcode,
    isTransient: entry?.isTransient ?? false,
    ...(entry ? { userTitle: entry.userTitle, userMsg: entry.userMsg } : {}),
    ...overrides,
  });
}

/** The default message and transience of a generic Graph code; used for faults. */
export function describeCode(code: number): { message: string; isTransient: boolean } {
  const entry = CODE_MESSAGES[code];
  return {
    message: entry?.message ?? 'An unknown error has occurred.',
    isTransient: entry?.isTransient ?? false,
  };
}

/**
 * `(#100) …`: a parameter is missing, malformed or not allowed here.
 *
 * @example
 * ```ts
 * throw invalidParameter('The parameter creation_id is required');
 * ```
 */
export function invalidParameter(message: string): GraphError {
  return new GraphError({ message: `(#100) ${message}`, code: 100 });
}

/** `(#10)`: the token lacks a permission the call needs. */
export function permissionError(
  message = 'Application does not have permission for this action',
): GraphError {
  return new GraphError({ message: `(#10) ${message}`, code: 10 });
}

/**
 * Graph's answer for an object that does not exist or that this token may not see; the
 * platform deliberately does not say which.
 */
export function unsupportedRequest(method: string, id: string): GraphError {
  return new GraphError({
    message:
      `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, ` +
      'cannot be loaded due to missing permissions, or does not support this operation. ' +
      'Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api',
    type: 'GraphMethodException',
    code: 100,
    subcode: 33,
  });
}

/** Graph's answer to a known path called with the wrong HTTP method. */
export function unsupportedMethod(method: string): GraphError {
  return new GraphError({
    message: `Unsupported request - method type: ${method.toLowerCase()}`,
    code: 100,
  });
}

/** `(#210)`: a Page's edges (messages, `subscribed_apps`) take a Page token, not a person's. */
export function pageTokenRequired(): GraphError {
  return new GraphError({
    message: '(#210) A page access token is required to request this resource.',
    code: 210,
  });
}
