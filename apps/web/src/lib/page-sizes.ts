// The first page each list screen asks for. The screens' queries and the entry's early request for a cold load
// (app/early-requests.ts) build their URLs from these same sizes, so the early answer is the one the screen wants;
// e2e/tests/cold-load.spec.ts counts a cold load's requests and fails if the two ever differ. Imports nothing: part
// of the tiny entry.

/** Campaigns: two rows of the widest grid, several screens on a phone. */
export const CAMPAIGN_PAGE = 12;
/** The influencer's orders. */
export const ORDER_PAGE = 10;
/** Conversations in the chat list. */
export const CHAT_PAGE = 20;
/** The directory: 24 cards fill whole rows of 1, 2, 3 or 4 columns. */
export const DIRECTORY_PAGE = 24;
