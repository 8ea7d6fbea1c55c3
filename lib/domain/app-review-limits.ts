/** How long a customer's review may be: the API's rule and the form's `maxLength`, without zod in the page's script. */
export const APP_REVIEW_LIMITS = { title: 100, body: 2000 } as const;
