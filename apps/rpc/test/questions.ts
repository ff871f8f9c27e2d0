/** The ask_user question both the JSON-lines and the ACP tests put to the client. */
export const DATABASE_QUESTION = {
  question: "Which database?",
  header: "DB",
  options: [
    { label: "Postgres", description: "relational" },
    { label: "SQLite", description: "a file" },
  ],
  multiSelect: false,
};
