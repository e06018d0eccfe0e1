/** The i18next namespace the web loads the error catalogue into (`errors/messages-*.ts`). */
export const ERRORS_NAMESPACE = 'errors';

/** The i18next namespace the web loads the validation catalogue into (`validation/messages-*.ts`). */
export const VALIDATION_NAMESPACE = 'validation';
