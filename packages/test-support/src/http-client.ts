/**
 * A thin HTTP client for tests: real requests, answers read as JSON.
 */
export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export type Headers_ = Record<string, string>;

/**
 * Sends a request and reads the answer. `body` is sent as JSON unless it is a string.
 *
 * @example
 * ```ts
 * const answer = await call(url, 'POST', '/v1/profiles', { name: 'Marca' }, { 'x-access-key': key });
 * ```
 */
export async function call<T = any>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Headers_ = {},
): Promise<Answer<T>> {
  const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    if (
      typeof body !== 'string' &&
      !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')
    ) {
      (init.headers as Headers_)['content-type'] = 'application/json';
    }
  }
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

export interface Account {
  email: string;
  accessToken: string;
  refreshToken: string;
  userId: string;
  projectId: string;
  organizationId: string;
  apiKey: string;
  /** Headers of the API key mode. */
  key: Headers_;
  /** Headers of the Bearer mode on a resource route. */
  bearer: Headers_;
}

let counter = 0;

/**
 * Signs up a user, creates their organization and project (`GET /v1/me`) and an API key.
 * The first sign-up of a server is always open; later ones need REELAY_ALLOW_SIGNUP.
 */
export async function createAccount(
  base: string,
  email = `user${++counter}-${Date.now()}@example.com`,
): Promise<Account> {
  const signup = await call(base, 'POST', '/v1/auth/signup', {
    email,
    password: 'correct horse battery',
    name: 'Ana',
  });
  if (signup.status !== 201)
    throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  const auth = { authorization: `Bearer ${signup.body.accessToken}` };
  const me = await call(base, 'GET', '/v1/me', undefined, auth);
  const projectId = me.body.projects[0].id as string;
  const key = await call(
    base,
    'POST',
    `/v1/projects/${projectId}/api-keys`,
    { name: 'tests' },
    auth,
  );
  return {
    email,
    accessToken: signup.body.accessToken,
    refreshToken: signup.body.refreshToken,
    userId: signup.body.user.id,
    projectId,
    organizationId: me.body.organization.id,
    apiKey: key.body.apiKey.key,
    key: { 'x-access-key': key.body.apiKey.key },
    bearer: { ...auth, 'x-project-id': projectId },
  };
}
