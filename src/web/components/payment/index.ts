export { CardForm, type CardFormProps } from './CardForm.js';
export type { CardSubmit, CardSubmitOutcome, PaymentMethodInput, PaymentProviderInfoView } from './types.js';
