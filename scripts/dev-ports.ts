// Where `npm start` serves things locally: the store, and the sandbox card processor on an origin of its own.

export const STORE_PORT = 8787;
export const SANDBOX_PORT = 8789;
