/**
 * The pages where a member stops paying (cancelling premium, a plan's unsubscribe page, a carrier
 * billing withdrawal) as one chunk: they share their pieces, are rarely opened, and one chunk name
 * in the route table costs the top page's first load less than three.
 */
export { PaymentCancelScreen } from './payment-cancel-screen'
export { PaymentWithdrawalScreen } from './payment-withdrawal-screen'
export { UnsubscribeScreen } from './unsubscribe-screen'
