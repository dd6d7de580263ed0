// A stand-in for Safari's Apple Pay sheet in Chromium: ApplePaySession and ApplePayError as WebKit defines
// them, with a shopper who picks the scripted contact and method and authorizes with a sandbox device
// payment. It walks the session's events in Apple's order and writes each step to sessionStorage, so a test
// can read what the store answered even after the page has moved on.

import type { Page } from '@playwright/test';

export interface SheetScript {
  /** The redacted contact the sheet reports first (country, region, city, postal code). */
  sheetContact: Record<string, string>;
  /** The method the shopper picks after the store lists them. */
  method: string;
  /** The test card the device pays with (sandbox devices do not encrypt). */
  dpan: string;
  shippingContact: Record<string, unknown>;
  billingContact: Record<string, unknown>;
  /** After a failure the shopper closes the sheet. */
  cancelOnError: boolean;
}

export interface SheetStep {
  step: string;
  detail?: unknown;
}

export async function installApplePay(page: Page, script: SheetScript): Promise<void> {
  await page.addInitScript((sheet: SheetScript) => {
    const log = (step: string, detail?: unknown) => {
      const steps = JSON.parse(sessionStorage.getItem('applePaySteps') ?? '[]') as unknown[];
      steps.push({ step, detail });
      sessionStorage.setItem('applePaySteps', JSON.stringify(steps));
    };
    class ApplePayError {
      constructor(
        readonly code: string,
        readonly contactField?: string,
        readonly message?: string,
      ) {}
    }
    type Handler = ((event: unknown) => void) | null;
    class ApplePaySession {
      static readonly STATUS_SUCCESS = 0;
      static readonly STATUS_FAILURE = 1;
      static canMakePayments = () => true;
      static supportsVersion = (version: number) => version <= 14;
      onvalidatemerchant: Handler = null;
      onshippingcontactselected: Handler = null;
      onshippingmethodselected: Handler = null;
      onpaymentauthorized: Handler = null;
      oncancel: Handler = null;
      private readonly request: { requiredShippingContactFields?: string[]; total: unknown };
      constructor(version: number, request: ApplePaySession['request']) {
        this.request = request;
        log('begin', { version, total: request.total, asksShipping: Boolean(request.requiredShippingContactFields) });
      }
      begin() {
        setTimeout(() => this.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession' }), 10);
      }
      abort() {
        log('abort');
      }
      completeMerchantValidation(session: { merchantSessionIdentifier?: string }) {
        log('merchantValidated', { identifier: session.merchantSessionIdentifier });
        setTimeout(() => {
          if (this.request.requiredShippingContactFields) this.onshippingcontactselected?.({ shippingContact: sheet.sheetContact });
          else this.authorize();
        }, 10);
      }
      completeShippingContactSelection(update: { newTotal: unknown; newShippingMethods?: { identifier: string }[]; errors?: ApplePayError[] }) {
        log('contactAnswered', { total: update.newTotal, methods: update.newShippingMethods?.map((m) => m.identifier), errors: update.errors });
        setTimeout(() => {
          if (update.errors?.length) {
            if (sheet.cancelOnError) this.oncancel?.({});
            return;
          }
          const method = update.newShippingMethods?.find((m) => m.identifier === sheet.method) ?? update.newShippingMethods?.[0];
          this.onshippingmethodselected?.({ shippingMethod: method });
        }, 10);
      }
      completeShippingMethodSelection(update: { newTotal: unknown; errors?: ApplePayError[] }) {
        log('methodAnswered', { total: update.newTotal, errors: update.errors });
        setTimeout(() => this.authorize(), 10);
      }
      completePayment(result: { status: number; errors?: ApplePayError[] }) {
        log('paymentCompleted', { status: result.status, errors: result.errors });
        if (result.status !== 0 && sheet.cancelOnError) setTimeout(() => this.oncancel?.({}), 10);
      }
      private authorize() {
        this.onpaymentauthorized?.({
          payment: {
            token: {
              paymentData: { version: 'EC_v1', data: btoa(JSON.stringify({ dpan: sheet.dpan, expiry: '12/34' })), signature: 'device', header: {} },
              paymentMethod: { displayName: `Visa ${sheet.dpan.slice(-4)}`, network: 'Visa', type: 'debit' },
              transactionIdentifier: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
            },
            shippingContact: sheet.shippingContact,
            billingContact: sheet.billingContact,
          },
        });
      }
    }
    Object.assign(window, { ApplePaySession, ApplePayError });
  }, script);
}

export async function sheetSteps(page: Page): Promise<SheetStep[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('applePaySteps') ?? '[]') as SheetStep[]);
}

export { NEW_YORK } from '../apple-pay-contacts.ts';
