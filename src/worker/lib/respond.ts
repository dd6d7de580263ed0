// Every API answer carries appId and correlationId beside its payload. Route files pass their request;
// anything else passes the two values.

interface AnswerMeta {
  env: { APP_ID: string };
  get(key: 'correlationId'): string;
}

export function envelope<T extends object>(c: AnswerMeta, payload: T): T & { appId: string; correlationId: string } {
  return { ...payload, appId: c.env.APP_ID, correlationId: c.get('correlationId') };
}
