// The payments module: every card payment the service opens, spends or refunds
// goes through these functions (see redeem.ts for the order of the steps).
export { openCardPayment, type PaymentRequest } from './open-payment.js';
export { recordProviderPayment } from './provider-payment.js';
export { attachPayment, capturedFor, claimPayment, ownPayment, refundFailedGoods, refundOnFailure, spendablePayment, type Redemption } from './redeem.js';
export { giveBackNote } from './give-back-note.js';
export { giveBackWhole, moneySignal, refundPart, refundWhole, type GiveBack } from './refund.js';
export { paymentClientSecret } from './client-secret-input.js';
export type { GoodsKind, GoodsRef, PaymentPurpose, PaymentRecord, PaymentState, PaymentStore } from './payment-store.js';
