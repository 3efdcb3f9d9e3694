// The pairing screen's address, apart from its code so the route table can name it without loading it.

/** Where a pairing code's QR code leads: `/pair?code=ABCD2345`. */
export const PAIR_PATH = '/pair';
