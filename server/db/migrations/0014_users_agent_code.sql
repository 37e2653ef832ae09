-- Agent codes are unique like referral codes (issue 9): generated when a user becomes an agent,
-- retried on a clash (server/db/queries/user-codes.queries.ts), kept when they stop being one.
CREATE UNIQUE INDEX "users_agent_code_uq" ON "users" USING btree ("agent_code");