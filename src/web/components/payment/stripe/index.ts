export { StripeCardForm, STRIPE_FORM_MESSAGES, type StripeCardFormProps, type StripeCardSubmit } from './StripeCardForm.js';
export { loadStripeJs, STRIPE_JS_URL } from './stripe-js.js';
