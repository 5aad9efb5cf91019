// The public REST API, called with the signed-in user's bearer token.
//
// The access token lives in this module's memory only (never localStorage or a cookie a
// script can read): a reload or a new tab signs in again through the refresh_token
// cookie (HttpOnly, SameSite=Strict, Path=/api/auth), which the browser sends to
// POST /api/auth/refresh by itself. sessionStorage keeps one flag — "this tab signed
// in" — so a first visit does not try a refresh that can only fail.

const SESSION_HINT = "finplat.dashboard.signedIn";

let accessToken = null;
let refreshing = null;
const sessionEndedListeners = [];

/** An API answer other than 2xx, with what the error body says. */
export class ApiError extends Error {
  constructor(status, body, text) {
    const problem = describe(status, body, text);
    super(problem.message);
    this.name = "ApiError";
    this.status = status;
    this.code = problem.code;
    this.details = problem.details;
    this.requestId = problem.requestId;
  }
}

/** The session is over (refresh refused): the page goes back to the sign-in form. */
export class SessionEnded extends Error {
  constructor(message) {
    super(message);
    this.name = "SessionEnded";
  }
}

// The error bodies of the services this page calls: the gateway's (main: {error,
// message, request_id}) and analytics' ({error, code, details, timestamp}).
function describe(status, body, text) {
  const found = { message: "", code: "", details: {}, requestId: "" };
  if (body && typeof body === "object") {
    found.requestId = typeof body.request_id === "string" ? body.request_id : "";
    if (typeof body.message === "string") {
      found.message = body.message;
      found.code = typeof body.error === "string" ? body.error : "";
    } else if (typeof body.error === "string") {
      found.message = body.error;
      found.code = typeof body.code === "string" ? body.code : "";
      if (body.details && typeof body.details === "object") found.details = body.details;
    }
  }
  if (!found.message) {
    found.message = status === 0
      ? "The server could not be reached. Check the connection and try again."
      : `The server answered HTTP ${status}${text ? `: ${text.slice(0, 200)}` : ""}`;
  }
  return found;
}

async function send(method, path, { body, token } = {}) {
  const headers = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new ApiError(0, null, "");
  }
  const text = response.status === 204 ? "" : await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) throw new ApiError(response.status, data, data ? "" : text);
  return data;
}

function signedIn(token) {
  accessToken = token;
  sessionStorage.setItem(SESSION_HINT, "1");
}

function forget() {
  accessToken = null;
  sessionStorage.removeItem(SESSION_HINT);
}

/** Email + password. Resolves {mfaRequired: true} when the account needs the code. */
export async function signIn(email, password) {
  const answer = await send("POST", "/api/auth/login", { body: { email, password } });
  if (answer && answer.mfa_required) return { mfaRequired: true };
  signedIn(answer.access_token);
  return { mfaRequired: false };
}

/** The MFA step: the same email and password with a TOTP or recovery code. */
export async function signInWithCode(email, password, code) {
  const answer = await send("POST", "/api/auth/login/mfa", {
    body: { email, password, mfa_code: code },
  });
  signedIn(answer.access_token);
}

/** A new access token from the refresh_token cookie; false when the session is over.
 * Concurrent callers share one request: the cookie rotates on every use. */
function refresh() {
  refreshing ??= send("POST", "/api/auth/refresh", { body: {} })
    .then((answer) => {
      signedIn(answer.access_token);
      return true;
    })
    .catch(() => {
      forget();
      return false;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** On load: resume this tab's session through the cookie, if it had one. */
export async function resume() {
  if (!sessionStorage.getItem(SESSION_HINT)) return false;
  return refresh();
}

export async function signOut() {
  const token = accessToken;
  forget();
  if (!token) return;
  try {
    await send("POST", "/api/auth/logout", { body: {}, token });
  } catch (error) {
    // Already ended server-side (401): the user is signed out all the same.
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
  }
}

export function onSessionEnded(listener) {
  sessionEndedListeners.push(listener);
}

function endSession() {
  const ended = new SessionEnded("Your session has ended. Please sign in again.");
  forget();
  for (const listener of sessionEndedListeners) listener(ended);
  return ended;
}

// A call with the bearer token; a 401 refreshes the token once and retries.
async function authorized(method, path, body) {
  const token = accessToken;
  if (!token) throw endSession();
  try {
    return await send(method, path, { body, token });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
  }
  // Another call may have refreshed while this one was out.
  const renewed = accessToken !== null && accessToken !== token ? true : await refresh();
  if (!renewed || !accessToken) throw endSession();
  try {
    return await send(method, path, { body, token: accessToken });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw endSession();
    throw error;
  }
}

export function get(path, params = {}) {
  const query = new URLSearchParams(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null),
  ).toString();
  return authorized("GET", query ? `${path}?${query}` : path);
}

export function post(path, body = {}) {
  return authorized("POST", path, body);
}
