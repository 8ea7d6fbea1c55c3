/** How long a customer's review may be: the API's rule and the form's `maxLength`, without zod in the page's script. */
export const APP_REVIEW_LIMITS = { title: 100, body: 2000 } as const;

/** A publisher's reply and a report's details: the API's rule and the forms' `maxLength`. */
export const REVIEW_REPLY_LIMITS = { body: 2000 } as const;
export const REVIEW_REPORT_LIMITS = { details: 500 } as const;
