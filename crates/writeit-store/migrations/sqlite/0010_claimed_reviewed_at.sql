-- Time is the server's (issue 36): a review whose reviewedAt is later than the server's clock is
-- stored at that clock, and the time its device sent is kept here (NULL: stored as sent), so a
-- resend of the same answer is recognised and a wrong device clock can be seen afterwards.
ALTER TABLE user_reviews ADD COLUMN claimed_reviewed_at INTEGER;
