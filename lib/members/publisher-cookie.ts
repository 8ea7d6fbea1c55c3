// The portal's choice of the developer account a person works in (the switcher writes it, the
// server reads it on every request, checking membership each time): a preference, not a credential.
// Its own module, importing nothing, so the browser's sign-out can forget it without loading a schema.
export const PUBLISHER_COOKIE = "mkp_publisher";
