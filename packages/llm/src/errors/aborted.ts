/**
 * What an answer the user stopped says: the stream ends with it, and the agent loop gives
 * it to an aborted answer whose provider said nothing (one wording for one meaning).
 */
export const ABORTED_BY_USER = "Request aborted by the user.";
